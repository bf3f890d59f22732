import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, readDraft, safeReturnTo, saveDraft, withReturnTo } from './detour.ts';

describe('return addresses', () => {
  it('follows only paths on this site', () => {
    expect(safeReturnTo('/withdraw?currency=BTC')).toBe('/withdraw?currency=BTC');
    for (const bad of [null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'withdraw'])
      expect(safeReturnTo(bad)).toBeNull();
  });

  it('nests: a detour from a detour comes back through both', () => {
    const identity = withReturnTo('/mine/identity', '/withdraw?currency=BTC');
    expect(identity).toBe('/mine/identity?returnTo=%2Fwithdraw%3Fcurrency%3DBTC');
    const phone = withReturnTo('/mine/phone', identity);
    const back = new URL(phone, 'http://x').searchParams.get('returnTo');
    expect(back).toBe(identity);
    expect(new URL(back!, 'http://x').searchParams.get('returnTo')).toBe('/withdraw?currency=BTC');
    expect(withReturnTo('/a?b=1#top', '/c')).toBe('/a?b=1&returnTo=%2Fc#top');
  });
});

describe('drafts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps plain fields for one place until cleared, and tolerates garbage and a missing storage', () => {
    const data = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    });
    saveDraft('/withdraw', { address: '0xabc', amount: '12.5' });
    expect(readDraft('/withdraw')).toEqual({ address: '0xabc', amount: '12.5' });
    expect(readDraft('/withdraw/bank')).toBeNull();
    clearDraft('/withdraw');
    expect(readDraft('/withdraw')).toBeNull();

    data.set('tm.draft:/x', '{"amount": 5, "address": "a"}');
    expect(readDraft('/x')).toEqual({ address: 'a' }); // only strings survive
    data.set('tm.draft:/y', 'not json');
    expect(readDraft('/y')).toBeNull();

    vi.stubGlobal('sessionStorage', undefined);
    saveDraft('/withdraw', { amount: '1' });
    expect(readDraft('/withdraw')).toBeNull();
  });
});
