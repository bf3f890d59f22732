import { beforeAll, describe, expect, it } from 'vitest';
import { COMPLETE_LOCALES, LOCALES } from '@tidemark/contract';
import { ManualClock } from '../../platform/clock.ts';
import { DEFAULT_DOCUMENTS, seedContent } from './content.seed.ts';
import { formatDecimal, formatRate } from './documents/document-format.ts';
import { feeFigures } from './documents/fee-schedule.figures.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock(Date.UTC(2026, 5, 1));
let content: { token: string; id: number };
let support: { token: string };

const server = serverForSuite({ clock });
beforeAll(async () => {
  await seedContent(server.built.ctx);
  content = await server.createOperator(['content']);
  support = await server.createOperator(['support']);
});

const saveNotice = (texts: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  server.api('/admin/content/item/save', { type: 'notice', texts, ...extra }, { token: content.token });

describe('default content (seed)', () => {
  it('has the welcome notice and help articles in every complete locale', async () => {
    for (const locale of COMPLETE_LOCALES) {
      const notices = await server.api('/xb/v1/content/list', { type: 'notice' }, { locale });
      const welcome = notices.body.data.list.find((n: { code: string }) => n.code === 'welcome');
      const detail = await server.api('/xb/v1/content/detail', { id: welcome.id }, { locale });
      expect(detail.body.data.locale).toBe(locale);
      const faq = await server.api('/xb/v1/content/list', { type: 'faq', size: 100 }, { locale });
      expect(faq.body.data.total).toBeGreaterThanOrEqual(8);
    }
  });

  it('is idempotent', async () => {
    await seedContent(server.built.ctx);
    const docs = await server.api(
      '/admin/content/item/list',
      { type: 'document', size: 100 },
      { token: content.token },
    );
    expect(docs.body.data.total).toBe(DEFAULT_DOCUMENTS.length);
    const notices = await server.api('/xb/v1/content/list', { type: 'notice' });
    expect(notices.body.data.list.filter((n: { code: string }) => n.code === 'welcome')).toHaveLength(1);
  });

  it.each(DEFAULT_DOCUMENTS)('serves the %s document in every locale', async (code) => {
    for (const locale of LOCALES) {
      const res = await server.api('/xb/v1/content/detail/by/code', { code }, { locale });
      expect(res.status).toBe(200);
      expect(res.body.data.title.length).toBeGreaterThan(2);
      expect(res.body.data.body.length).toBeGreaterThan(200);
      expect(res.body.data.body).not.toMatch(/<script/i);
      // complete locales have their own translation; tr may fall back to English
      if ((COMPLETE_LOCALES as readonly string[]).includes(locale)) expect(res.body.data.locale).toBe(locale);
    }
  });

  it('serves the fee schedule with the configured fees in every locale', async () => {
    const f = feeFigures();
    for (const locale of LOCALES) {
      const res = await server.api('/xb/v1/content/detail/by/code', { code: 'fee_schedule' }, { locale });
      const body: string = res.body.data.body;
      for (const rate of [f.spot.makerRate, f.spot.takerRate, f.futures.makerRate, f.convert.spread, f.cycle.feeRate])
        expect(body).toContain(formatRate(rate, locale));
      const btc = f.chains.find((c) => c.currency === 'BTC')!;
      expect(body).toContain(`${formatDecimal(btc.withdrawFee, locale)} BTC`);
    }
  });

  it.each([
    { product: 'spot', market: 'a spot market’s', symbol: 'ETHUSDT', maker: '0.0007', taker: '0.0015' },
    { product: 'futures', market: 'a futures contract’s', symbol: 'SOLUSDT', maker: '0.0001', taker: '0.0009' },
  ] as const)('serves $market fees as finance set them, in every locale', async ({ product, symbol, maker, taker }) => {
    const finance = await server.createOperator(['finance']);
    const res = await server.api(
      `/admin/${product}/markets/parameters`,
      { symbol, makerFee: maker, takerFee: taker, reason: 'listing promotion ended' },
      { token: finance.token },
    );
    expect(res.status).toBe(200);
    const f = feeFigures();
    const configured = product === 'spot' ? f.spot : f.futures;
    expect(product === 'spot' ? f.spot.markets : f.futures.contracts).toEqual([
      { symbol, makerRate: maker, takerRate: taker },
    ]);
    for (const locale of LOCALES) {
      const res = await server.api('/xb/v1/content/detail/by/code', { code: 'fee_schedule' }, { locale });
      const body: string = res.body.data.body;
      expect(body).toContain(symbol);
      for (const rate of [maker, taker, configured.makerRate, configured.takerRate])
        expect(body).toContain(formatRate(rate, locale));
    }
  });

  it('an unknown document code is a localized 404', async () => {
    const res = await server.api('/xb/v1/content/detail/by/code', { code: 'no_such_doc' }, { locale: 'de' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Dieser Inhalt existiert nicht oder wurde entfernt');
  });

  it('refuses a malformed code', async () => {
    const res = await server.api('/xb/v1/content/detail/by/code', { code: '../etc/passwd' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('code');
  });
});

describe('notices', () => {
  let older: number;
  let newer: number;
  let pinned: number;

  beforeAll(async () => {
    clock.advance(60_000);
    older = (await saveNotice({ en_us: { title: 'Older notice', body: '<p>first</p>' } })).body.data.id;
    clock.advance(60_000);
    newer = (
      await saveNotice({
        en_us: { title: 'Newer notice', body: '<p>second</p>' },
        de: { title: 'Neuere Mitteilung', body: '<p>zweite</p>' },
      })
    ).body.data.id;
    clock.advance(60_000);
    pinned = (
      await saveNotice(
        { en_us: { title: 'Pinned old', body: '<p>pinned</p>' } },
        { pinned: true, publishedAt: clock.now() - 3_600_000 },
      )
    ).body.data.id;
  });

  it('lists pinned first, then newest first, paged', async () => {
    const res = await server.api('/xb/v1/content/list', { type: 'notice', page: 1, size: 10 });
    const ids = res.body.data.list.map((n: { id: number }) => n.id);
    const pinnedIds = res.body.data.list.filter((n: { pinned: boolean }) => n.pinned).map((n: { id: number }) => n.id);
    expect(ids.slice(0, pinnedIds.length)).toEqual(pinnedIds);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids).toContain(pinned);
    const page2 = await server.api('/xb/v1/content/list', { type: 'notice', page: 2, size: 2 });
    expect(page2.body.data.total).toBe(res.body.data.total);
    expect(page2.body.data.list.map((n: { id: number }) => n.id)).toEqual(ids.slice(2, 4));
  });

  it('marks unread per signed-in user and clears it when the detail is opened', async () => {
    const user = await server.createUser();
    const other = await server.createUser();
    const before = await server.api('/xb/v1/content/list', { type: 'notice' }, { token: user.token });
    expect(before.body.data.list.find((n: { id: number }) => n.id === newer).unread).toBe(true);
    const detail = await server.api('/xb/v1/content/detail', { id: newer }, { token: user.token });
    expect(detail.body.data.body).toBe('<p>second</p>');
    const after = await server.api('/xb/v1/content/list', { type: 'notice' }, { token: user.token });
    expect(after.body.data.list.find((n: { id: number }) => n.id === newer).unread).toBe(false);
    expect(after.body.data.list.find((n: { id: number }) => n.id === older).unread).toBe(true);
    const forOther = await server.api('/xb/v1/content/list', { type: 'notice' }, { token: other.token });
    expect(forOther.body.data.list.find((n: { id: number }) => n.id === newer).unread).toBe(true);
  });

  it('anonymous callers get unread=false, and a stale token is treated as anonymous', async () => {
    const anon = await server.api('/xb/v1/content/list', { type: 'notice' });
    expect(anon.body.data.list.every((n: { unread: boolean }) => n.unread === false)).toBe(true);
    const stale = await server.api('/xb/v1/content/list', { type: 'notice' }, { token: 'x'.repeat(40) });
    expect(stale.status).toBe(200);
  });

  it('falls back to en_us when the locale has no text, and uses the locale when it has one', async () => {
    const fr = await server.api('/xb/v1/content/detail', { id: newer }, { locale: 'fr' });
    expect(fr.body.data).toMatchObject({ title: 'Newer notice', locale: 'en_us' });
    const de = await server.api('/xb/v1/content/detail', { id: newer }, { locale: 'de' });
    expect(de.body.data).toMatchObject({ title: 'Neuere Mitteilung', body: '<p>zweite</p>', locale: 'de' });
    const list = await server.api('/xb/v1/content/list', { type: 'notice' }, { locale: 'de' });
    const titles = list.body.data.list.map((n: { title: string }) => n.title);
    expect(titles).toContain('Neuere Mitteilung');
    expect(titles).toContain('Older notice');
  });

  it('hides unpublished and future notices', async () => {
    const hidden = (await saveNotice({ en_us: { title: 'Draft', body: '<p>draft</p>' } }, { published: false })).body
      .data.id;
    const future = (
      await saveNotice({ en_us: { title: 'Future', body: '<p>later</p>' } }, { publishedAt: clock.now() + 86_400_000 })
    ).body.data.id;
    for (const id of [hidden, future]) {
      expect((await server.api('/xb/v1/content/detail', { id })).status).toBe(404);
    }
    const ids = (await server.api('/xb/v1/content/list', { type: 'notice', size: 100 })).body.data.list.map(
      (n: { id: number }) => n.id,
    );
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(future);
  });

  it('an unknown id is a 404', async () => {
    expect((await server.api('/xb/v1/content/detail', { id: 999_999 })).status).toBe(404);
  });
});

describe('help centre', () => {
  it('lists categories in the caller language', async () => {
    const res = await server.api('/xb/v1/content/category/list', { type: 'faq' }, { locale: 'jp' });
    expect(res.body.data.list.map((c: { code: string }) => c.code)).toEqual([
      'account',
      'deposit_withdrawal',
      'trading',
      'security',
    ]);
    expect(res.body.data.list[0].name).toBe('アカウント');
  });

  it('filters by category and searches title and body', async () => {
    const cats = (await server.api('/xb/v1/content/category/list', {})).body.data.list;
    const security = cats.find((c: { code: string }) => c.code === 'security').id;
    const inCat = await server.api('/xb/v1/content/list', { type: 'faq', categoryId: security });
    expect(inCat.body.data.total).toBeGreaterThan(0);
    expect(inCat.body.data.list.every((a: { categoryId: number }) => a.categoryId === security)).toBe(true);

    const byTitle = await server.api('/xb/v1/content/list', { type: 'faq', q: 'liquidation' });
    expect(byTitle.body.data.list.map((a: { code: string }) => a.code)).toContain('faq_liquidation');
    const byBody = await server.api('/xb/v1/content/list', { type: 'faq', q: 'Google Authenticator' });
    expect(byBody.body.data.list.map((a: { code: string }) => a.code)).toEqual(['faq_2fa']);
    const wildcard = await server.api('/xb/v1/content/list', { type: 'faq', q: '%' });
    expect(wildcard.body.data.total).toBe(0);
  });

  it('searches in the caller language', async () => {
    const zh = await server.api('/xb/v1/content/list', { type: 'faq', q: '强平' }, { locale: 'zh_cn' });
    expect(zh.body.data.list.map((a: { code: string }) => a.code)).toEqual(['faq_liquidation']);
    expect(zh.body.data.list[0].title).toBe('什么是强平？');
    // the zh_cn article says 谷歌验证器, so the English words do not match in zh_cn
    const en = await server.api('/xb/v1/content/list', { type: 'faq', q: 'Google Authenticator' }, { locale: 'zh_cn' });
    expect(en.body.data.total).toBe(0);
  });
});

describe('banners', () => {
  it('shows active banners by time and language, ordered by sort', async () => {
    const now = clock.now();
    const save = (body: Record<string, unknown>) =>
      server.api('/admin/content/banner/save', body, { token: content.token });
    const a = await save({
      position: 'home',
      sort: 2,
      startsAt: now - 1000,
      texts: {
        en_us: { title: 'A', imageUrl: 'https://cdn.example/a.png', linkUrl: '/announcement' },
        de: { title: 'A-de', imageUrl: 'https://cdn.example/a-de.png' },
      },
    });
    const b = await save({
      position: 'home',
      sort: 1,
      startsAt: now - 1000,
      endsAt: now + 60_000,
      texts: { en_us: { title: 'B', imageUrl: '/static/b.png' } },
    });
    await save({
      position: 'home',
      sort: 0,
      startsAt: now + 60_000,
      texts: { en_us: { title: 'Later', imageUrl: 'https://cdn.example/later.png' } },
    });
    await save({
      position: 'home',
      sort: 0,
      startsAt: now - 1000,
      enabled: false,
      texts: { en_us: { title: 'Off', imageUrl: 'https://cdn.example/off.png' } },
    });
    await save({
      position: 'trade',
      startsAt: now - 1000,
      texts: { en_us: { title: 'Elsewhere', imageUrl: 'https://cdn.example/t.png' } },
    });
    expect(a.status).toBe(200);

    const en = await server.api('/xb/v1/common/load/banner', { position: 'home' });
    expect(en.body.data.list.map((x: { title: string }) => x.title)).toEqual(['B', 'A']);
    const de = await server.api('/xb/v1/common/load/banner', { position: 'home' }, { locale: 'de' });
    expect(de.body.data.list.map((x: { title: string; imageUrl: string }) => [x.title, x.imageUrl])).toEqual([
      ['B', '/static/b.png'],
      ['A-de', 'https://cdn.example/a-de.png'],
    ]);

    clock.advance(120_000);
    const later = await server.api('/xb/v1/common/load/banner', { position: 'home' });
    expect(later.body.data.list.map((x: { title: string }) => x.title)).toEqual(['Later', 'A']);
    expect(b.body.data.id).toBeGreaterThan(0);
    const all = await server.api('/xb/v1/common/load/banner', {});
    expect(all.body.data.list.map((x: { title: string }) => x.title)).toContain('Elsewhere');
  });

  it('refuses script URLs and an end before the start', async () => {
    for (const imageUrl of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/x.png']) {
      const res = await server.api(
        '/admin/content/banner/save',
        { startsAt: 0, texts: { en_us: { imageUrl } } },
        { token: content.token, locale: 'fr' },
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Seules les adresses http(s) ou les chemins de ce site sont autorisés');
    }
    const link = await server.api(
      '/admin/content/banner/save',
      { startsAt: 0, texts: { en_us: { imageUrl: '/x.png', linkUrl: 'javascript:alert(1)' } } },
      { token: content.token },
    );
    expect(link.status).toBe(400);
    const order = await server.api(
      '/admin/content/banner/save',
      { startsAt: 10, endsAt: 5, texts: { en_us: { imageUrl: '/x.png' } } },
      { token: content.token },
    );
    expect(order.status).toBe(400);
    expect(order.body.field).toBe('endsAt');
  });
});

describe('operator content API', () => {
  it('sanitizes hostile HTML on write in every field', async () => {
    const res = await saveNotice({
      en_us: {
        title: '<img src=x onerror=alert(1)>Hello <script>alert(1)</script>',
        summary: '<b onmouseover=alert(1)>sum</b>',
        body: '<p onclick="alert(1)">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="data:image/png;base64,AA"><svg onload=alert(1)></svg></p>',
      },
    });
    expect(res.status).toBe(200);
    const detail = await server.api('/xb/v1/content/detail', { id: res.body.data.id });
    expect(detail.body.data.title).toBe('Hello');
    expect(detail.body.data.summary).toBe('sum');
    expect(detail.body.data.body).toBe('<p>Hi<a target="_blank" rel="noopener noreferrer nofollow">x</a></p>');
  });

  it('refuses an empty title or body with localized messages, and requires English', async () => {
    const noTitle = await saveNotice({ en_us: { title: '<b></b>', body: '<p>x</p>' } }, {});
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.field).toBe('texts.en_us.title');
    const noBody = await server.api(
      '/admin/content/item/save',
      { type: 'notice', texts: { en_us: { title: 'T', body: '<script>alert(1)</script>' } } },
      { token: content.token, locale: 'zh_cn' },
    );
    expect(noBody.status).toBe(400);
    expect(noBody.body.message).toBe('请输入内容');
    const noEnglish = await saveNotice({ de: { title: 'Nur Deutsch', body: '<p>x</p>' } });
    expect(noEnglish.status).toBe(400);
    expect(noEnglish.body.field).toBe('texts.en_us');
    const badLocale = await saveNotice({
      en_us: { title: 'T', body: '<p>x</p>' },
      xx: { title: 'T', body: '<p>x</p>' },
    });
    expect(badLocale.status).toBe(400);
  });

  it('updates, audits and deletes', async () => {
    const created = await saveNotice({ en_us: { title: 'Edit me', body: '<p>v1</p>' } });
    const id = created.body.data.id;
    const updated = await saveNotice({ en_us: { title: 'Edited', body: '<p>v2</p>' } }, { id });
    expect(updated.body.data.id).toBe(id);
    expect((await server.api('/xb/v1/content/detail', { id })).body.data.title).toBe('Edited');
    const del = await server.api('/admin/content/item/delete', { id }, { token: content.token });
    expect(del.body.data.deleted).toBe(true);
    expect((await server.api('/xb/v1/content/detail', { id })).status).toBe(404);
    expect((await server.api('/admin/content/item/delete', { id }, { token: content.token })).status).toBe(404);

    const admin = await server.createOperator(['super_admin']);
    const audit = await server.api('/admin/audit/list', { limit: 500 }, { token: admin.token });
    const actions = audit.body.data.entries
      .filter((e: { targetId: string }) => e.targetId === String(id))
      .map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['content.item.create', 'content.item.update', 'content.item.delete']),
    );
  });

  it('refuses a duplicate document code', async () => {
    const res = await server.api(
      '/admin/content/item/save',
      { type: 'document', code: 'user_agreement', texts: { en_us: { title: 'Dup', body: '<p>x</p>' } } },
      { token: content.token },
    );
    expect(res.status).toBe(409);
  });

  it('lets an operator edit a document by id', async () => {
    const docs = await server.api(
      '/admin/content/item/list',
      { type: 'document', size: 100 },
      { token: content.token },
    );
    const about = docs.body.data.list.find((d: { code: string }) => d.code === 'about_us');
    const texts = { ...about.texts, en_us: { title: 'About Example Exchange', body: '<p>Run by Example Ltd.</p>' } };
    const res = await server.api(
      '/admin/content/item/save',
      { id: about.id, type: 'document', code: 'about_us', texts },
      { token: content.token },
    );
    expect(res.status).toBe(200);
    const read = await server.api('/xb/v1/content/detail/by/code', { code: 'about_us' });
    expect(read.body.data.title).toBe('About Example Exchange');
    // a later seed does not overwrite the operator's edit
    await seedContent(server.built.ctx);
    expect((await server.api('/xb/v1/content/detail/by/code', { code: 'about_us' })).body.data.title).toBe(
      'About Example Exchange',
    );
  });

  it('saves categories', async () => {
    const res = await server.api(
      '/admin/content/category/save',
      { code: 'futures', names: { en_us: 'Futures', de: 'Futures' } },
      { token: content.token },
    );
    expect(res.status).toBe(200);
    const dup = await server.api(
      '/admin/content/category/save',
      { code: 'futures', names: { en_us: 'Again' } },
      { token: content.token },
    );
    expect(dup.status).toBe(409);
    const missing = await server.api(
      '/admin/content/item/save',
      { type: 'faq', categoryId: 999_999, texts: { en_us: { title: 'x', body: '<p>x</p>' } } },
      { token: content.token },
    );
    expect(missing.status).toBe(400);
  });

  it('refuses callers without the content role', async () => {
    const user = await server.createUser();
    const body = { type: 'notice', texts: { en_us: { title: 'x', body: '<p>x</p>' } } };
    expect((await server.api('/admin/content/item/save', body)).status).toBe(401);
    expect((await server.api('/admin/content/item/save', body, { token: user.token })).status).toBe(401);
    expect((await server.api('/admin/content/item/save', body, { token: support.token })).status).toBe(403);
    expect((await server.api('/admin/content/banner/list', {}, { token: support.token })).status).toBe(403);
  });
});
