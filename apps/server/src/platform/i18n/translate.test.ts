import { describe, expect, it } from 'vitest';
import { normalizeLocale } from '@tidemark/contract';
import { registerMessages, t } from './messages.ts';

registerMessages({
  en_us: { 'test.greeting': 'Hello {name}', 'test.onlyEnglish': 'Only in English' },
  de: { 'test.greeting': 'Hallo {name}' },
  tr: {},
});

describe('server messages', () => {
  it('translates with placeholders and falls back to en_us per key', () => {
    expect(t('de', 'test.greeting', { name: 'Ada' })).toBe('Hallo Ada');
    expect(t('tr', 'test.greeting', { name: 'Ada' })).toBe('Hello Ada');
    expect(t('de', 'test.onlyEnglish')).toBe('Only in English');
  });

  it('reads the locale header, rewriting zh and unknown values to en_us', () => {
    expect(normalizeLocale('zh_cn')).toBe('zh_cn');
    expect(normalizeLocale('ZH-HK')).toBe('zh_hk');
    expect(normalizeLocale('zh')).toBe('en_us');
    expect(normalizeLocale(undefined)).toBe('en_us');
    expect(normalizeLocale('xx')).toBe('en_us');
  });
});
