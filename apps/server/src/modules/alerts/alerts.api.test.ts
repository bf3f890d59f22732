import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { service } from '../../platform/context.ts';
import { startPushPeer, type PushPeer } from '../../testing/push-service-peer.ts';
import { mailText, startSmtpPeer } from '../../testing/smtp-peer.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { MAX_ALERTS_PER_USER } from './alerts.service.ts';

let s: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let pushPeer: PushPeer;
const clock = new ManualClock(Date.UTC(2026, 10, 26, 12, 0, 0));

beforeAll(async () => {
  smtp = await startSmtpPeer();
  pushPeer = await startPushPeer();
  s = await startTestServer({
    clock,
    env: {
      RATE_LIMIT_ENABLED: 'false',
      DEV_PRICE_CONTROL: 'true',
      // the test steps the passes itself
      ALERTS_EVERY_MS: '0',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tidemark <alerts@tidemark.test>',
    },
  });
});
afterAll(async () => {
  await s?.close();
  await smtp?.close();
  await pushPeer?.close();
});

/** One second on: the index takes `price` (if given) at this tick, then one alert pass runs. */
async function step(price?: { instrument: string; price: string }) {
  if (price) expect((await s.api('/dev/price/set', price)).status).toBe(200);
  clock.advance(1000);
  await service(s.built.ctx, 'prices').tick();
  await service(s.built.ctx, 'alerts').run();
}
const priceNow = (symbol: string) => service(s.built.ctx, 'prices').latest(symbol).price;
const notices = async (token: string) => (await s.api('/xb/v1/notifications/list', {}, { token })).body.data;
const alertsOf = async (token: string) => (await s.api('/xb/v1/alerts/list', {}, { token })).body.data.alerts;

describe('creating, listing and deleting alerts', () => {
  it('refuses bad input with a localized message naming the field, and stores nothing', async () => {
    const u = await s.createUser();
    const cases: Array<[object, string]> = [
      [{ symbol: 'BTCUSDT', kind: 'above' }, 'price'],
      [{ symbol: 'BTCUSDT', kind: 'above', price: '-5' }, 'price'],
      [{ symbol: 'BTCUSDT', kind: 'above', price: '1.123456789' }, 'price'],
      [{ symbol: 'BTCUSDT', kind: 'move', window: '1h' }, 'percent'],
      [{ symbol: 'BTCUSDT', kind: 'move', percent: '101', window: '1h' }, 'percent'],
      [{ symbol: 'BTCUSDT', kind: 'move', percent: '5', window: '2h' }, 'window'],
      [{ symbol: 'BTCUSDT', kind: 'move', percent: '5' }, 'window'],
      [{ symbol: 'NOPEUSDT', kind: 'above', price: '1' }, 'symbol'],
    ];
    for (const [body, field] of cases) {
      const res = await s.api('/xb/v1/alerts/create', body, { token: u.token, locale: 'de' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
    }
    const noPrice = await s.api('/xb/v1/alerts/create', cases[0]![0], { token: u.token, locale: 'de' });
    expect(noPrice.body.message).toContain('Preis');
    expect(await alertsOf(u.token)).toEqual([]);
    expect((await s.api('/xb/v1/alerts/create', { symbol: 'BTCUSDT', kind: 'above', price: '1' })).status).toBe(401);
  });

  it('refuses a level the price has already passed, saying where the price is', async () => {
    const u = await s.createUser();
    const res = await s.api(
      '/xb/v1/alerts/create',
      { symbol: 'BTCUSDT', kind: 'above', price: '1000' },
      { token: u.token, locale: 'en_us' },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ALREADY_ABOVE');
    expect(res.body.message).toMatch(/The price is already \d{2},\d{3}/);
    const below = await s.api(
      '/xb/v1/alerts/create',
      { symbol: 'BTCUSDT', kind: 'below', price: '1000000' },
      { token: u.token },
    );
    expect(below.body.error).toBe('ALREADY_BELOW');
  });

  it('lists the caller’s own alerts; deleting someone else’s is "not found" and leaves it', async () => {
    const a = await s.createUser();
    const b = await s.createUser();
    const created = await s.api(
      '/xb/v1/alerts/create',
      { symbol: 'ethusdt', kind: 'move', percent: '2.5', window: '1h', email: true },
      { token: a.token },
    );
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      symbol: 'ETHUSDT',
      kind: 'move',
      percent: '2.5',
      window: '1h',
      price: null,
      email: true,
      push: false,
      status: 'active',
      firedAt: null,
    });
    const id = created.body.data.id as number;
    expect((await alertsOf(a.token)).map((x: { id: number }) => x.id)).toEqual([id]);
    expect(await alertsOf(b.token)).toEqual([]);
    expect((await s.api('/xb/v1/alerts/delete', { id }, { token: b.token })).status).toBe(404);
    expect(await alertsOf(a.token)).toHaveLength(1);
    expect((await s.api('/xb/v1/alerts/delete', { id }, { token: a.token })).status).toBe(200);
    expect(await alertsOf(a.token)).toEqual([]);
  });

  it(`keeps at most ${MAX_ALERTS_PER_USER} alerts per user`, async () => {
    const u = await s.createUser();
    for (let i = 0; i < MAX_ALERTS_PER_USER; i++) {
      const res = await s.api(
        '/xb/v1/alerts/create',
        { symbol: 'SOLUSDT', kind: 'above', price: String(10_000 + i) },
        { token: u.token },
      );
      expect(res.status).toBe(200);
    }
    const over = await s.api(
      '/xb/v1/alerts/create',
      { symbol: 'SOLUSDT', kind: 'above', price: '20000' },
      { token: u.token, locale: 'fr' },
    );
    expect(over.status).toBe(409);
    expect(over.body.message).toContain(String(MAX_ALERTS_PER_USER));
    expect(await alertsOf(u.token)).toHaveLength(MAX_ALERTS_PER_USER);
  });
});

describe('firing', () => {
  it('an index move fires the alert once: one notice, one e-mail, one encrypted push, in the user’s language', async () => {
    const u = await s.createUser();
    const sub = pushPeer.subscription('/push/de-user');
    expect((await s.api('/xb/v1/alerts/push/subscribe', sub, { token: u.token })).status).toBe(200);
    const before = priceNow('BTCUSDT');
    const target = String(Math.floor(Number(before)) + 5000);
    const created = await s.api(
      '/xb/v1/alerts/create',
      { symbol: 'BTCUSDT', kind: 'above', price: target, email: true, push: true },
      { token: u.token, locale: 'de' },
    );
    expect(created.status).toBe(200);
    await step();
    expect((await notices(u.token)).items).toEqual([]);

    const fired = String(Number(target) + 210.5);
    await step({ instrument: 'BTCUSDT', price: fired });
    const firedAt = clock.now();
    // the price stays above the level: later passes must not fire it again
    await step({ instrument: 'BTCUSDT', price: String(Number(target) + 999) });
    await step();
    await step({ instrument: 'BTCUSDT', price: before });

    const list = await notices(u.token);
    expect(list.items).toHaveLength(1);
    expect(list.unread).toBe(1);
    const hhmm = new Date(firedAt).toISOString().slice(11, 16);
    expect(list.items[0].title).toBe('Preisalarm: BTCUSDT');
    expect(list.items[0].body).toContain(`ausgelöst um`);
    expect(list.items[0].body).toContain(`${hhmm} UTC`);
    expect(list.items[0].body).toContain(fired.replace(/\B(?=(\d{3})+(?!\d))/g, '.').replace('.5', ',5'));
    const [alert] = await alertsOf(u.token);
    expect(alert).toMatchObject({ status: 'fired', firedAt, firedPrice: fired });
    expect(alert.firedText).toBe(list.items[0].body);

    const mails = smtp.received.filter((m) => m.to.includes(u.email!));
    expect(mails).toHaveLength(1);
    const mail = mailText(mails[0]!.data);
    expect(mail.subject).toBe('Preisalarm: BTCUSDT');
    expect(mail.body).toContain(list.items[0].body);

    const pushes = pushPeer.received.filter((p) => p.path === '/push/de-user');
    expect(pushes).toHaveLength(1);
    const key = (await s.api('/xb/v1/alerts/push/key', {})).body.data.publicKey;
    expect(pushes[0]!.vapidKey).toBe(key);
    expect(pushes[0]!.signatureValid).toBe(true);
    expect(pushes[0]!.jwt.aud).toBe(new URL(sub.endpoint).origin);
    expect(JSON.parse(pushes[0]!.payload)).toMatchObject({
      title: 'Preisalarm: BTCUSDT',
      body: list.items[0].body,
      url: '/mine/alerts',
    });

    expect((await s.api('/xb/v1/notifications/read', {}, { token: u.token })).status).toBe(200);
    expect((await notices(u.token)).unread).toBe(0);
  });

  it('a fall of N % within the window fires a move alert, saying which way', async () => {
    const u = await s.createUser();
    const before = priceNow('ETHUSDT');
    await s.api(
      '/xb/v1/alerts/create',
      { symbol: 'ETHUSDT', kind: 'move', percent: '3', window: '5m' },
      { token: u.token, locale: 'en_us' },
    );
    await step();
    const dropped = (Math.round(Number(before) * 0.95 * 100) / 100).toFixed(2);
    await step({ instrument: 'ETHUSDT', price: dropped });
    await step({ instrument: 'ETHUSDT', price: before });
    const { items } = await notices(u.token);
    expect(items).toHaveLength(1);
    expect(items[0].body).toMatch(/^ETHUSDT fell 3 % within 5 minutes: fired at .* UTC at /);
    expect((await alertsOf(u.token))[0]).toMatchObject({ status: 'fired', firedPrice: String(Number(dropped)) });
  });

  it('a crossing while no pass ran fires after a restart, and a second restart fires nothing more', async () => {
    const u = await s.createUser();
    const before = priceNow('SOLUSDT');
    const level = (Number(before) - 50).toFixed(2);
    await s.api(
      '/xb/v1/alerts/create',
      { symbol: 'SOLUSDT', kind: 'below', price: level, email: true },
      { token: u.token, locale: 'jp' },
    );
    // the dip is recorded, but no alert pass sees it before the stop
    await s.api('/dev/price/set', { instrument: 'SOLUSDT', price: (Number(level) - 1).toFixed(2) });
    clock.advance(1000);
    await service(s.built.ctx, 'prices').tick();
    await s.api('/dev/price/set', { instrument: 'SOLUSDT', price: before });
    clock.advance(1000);
    await service(s.built.ctx, 'prices').tick();

    await s.restart();
    await step();
    await s.restart();
    await step();
    const { items } = await notices(u.token);
    expect(items).toHaveLength(1);
    expect(items[0].body).toContain('以下に達しました');
    expect(smtp.received.filter((m) => m.to.includes(u.email!))).toHaveLength(1);
  });

  it('a push service that calls the subscription gone gets it deleted', async () => {
    const u = await s.createUser();
    const sub = pushPeer.subscription('/push/gone');
    await s.api('/xb/v1/alerts/push/subscribe', sub, { token: u.token });
    const before = priceNow('XRPUSDT');
    await s.api(
      '/xb/v1/alerts/create',
      { symbol: 'XRPUSDT', kind: 'above', price: (Number(before) + 1).toFixed(4), push: true },
      { token: u.token },
    );
    pushPeer.respondWith(410);
    try {
      await step({ instrument: 'XRPUSDT', price: (Number(before) + 2).toFixed(4) });
    } finally {
      pushPeer.respondWith(201);
      await step({ instrument: 'XRPUSDT', price: before });
    }
    expect(pushPeer.received.filter((p) => p.path === '/push/gone')).toHaveLength(1);
    expect(await service(s.built.ctx, 'pushSubscriptions').count(u.id)).toBe(0);
  });
});
