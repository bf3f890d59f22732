import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { users } from '../account/user.schema.ts';
import { signedBotCall, type BotKey } from '../../testing/bot-api-client.ts';
import { serverForSuite } from '../../testing/test-server.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';
import { FUND_PASSWORD, walletHarness } from '../wallet/wallet.test-helpers.ts';

let h: ReturnType<typeof walletHarness>;
const clock = new ManualClock(Date.UTC(2026, 5, 1, 1));
const HOUR = 3600_000;
const SAVED = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const UNSAVED = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const LATE = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

// the address cool-down is on here, as in production (other suites turn it off)
const server = serverForSuite({
  clock,
  env: { RATE_LIMIT_ENABLED: 'false', WITHDRAW_ADDRESS_COOLDOWN_HOURS: '24' },
});
beforeAll(async () => {
  h = walletHarness(server, clock);
  await h.init();
});

interface Key {
  id: number;
  apiKey: string;
  secret: string;
  permissions: string[];
  withdrawEnabledAt: number | null;
  createdAt: number;
}

const createKey = async (token: string, body: Record<string, unknown>, locale?: string) =>
  server.api(
    '/xb/v1/botapi/keys/create',
    { label: 'treasury', fundPassword: FUND_PASSWORD, ...body },
    { token, ...(locale ? { locale } : {}) },
  );

/** A signed Binance request from the test process (127.0.0.1), timed by the server's clock. */
const signed = (method: 'GET' | 'POST', path: string, k: BotKey, params: Record<string, string>, locale = 'en_us') =>
  signedBotCall(server, method, path, { ...params, timestamp: String(clock.now()) }, k, { 'accept-language': locale });
const apply = (k: Key, params: Record<string, string>, locale?: string) =>
  signed(
    'POST',
    '/api/sapi/v1/capital/withdraw/apply',
    k,
    { coin: 'USDT', network: 'TRC20', address: SAVED, amount: '100', ...params },
    locale,
  );
const spotOf = (token: string, currency: string) => h.spotRow(token, currency);
const saveAddress = (token: string, address: string) =>
  server.api('/xb/v1/wallet/address/add', { currency: 'USDT', chain: 'TRC20', address }, { token });

describe('withdrawals with an API key', () => {
  it('grants the withdraw permission only with advanced KYC and an IP allow-list', async () => {
    const basic = await h.user({ kyc: 'basic' });
    const advanced = await h.user({ kyc: 'advanced' });
    const noIps = await createKey(advanced.token, { permissions: ['read', 'withdraw'] }, 'de');
    expect(noIps).toMatchObject({ status: 400, body: { error: 'WITHDRAW_NEEDS_IP', field: 'ipAllow' } });
    expect(noIps.body.message).toBe('Ein Schlüssel mit Auszahlungsrecht braucht eine IP-Freigabeliste');
    const noKyc = await createKey(basic.token, { permissions: ['read', 'withdraw'], ipAllow: ['127.0.0.1'] }, 'fr');
    expect(noKyc).toMatchObject({ status: 403, body: { error: 'WITHDRAW_NEEDS_KYC', field: 'permissions' } });
    expect(noKyc.body.message).toContain('vérification d’identité avancée');
    for (const u of [basic, advanced])
      expect((await server.api('/xb/v1/botapi/keys/list', {}, { token: u.token })).body.data).toEqual([]);

    const made = await createKey(advanced.token, { permissions: ['read', 'withdraw'], ipAllow: ['127.0.0.1'] });
    expect(made.status).toBe(200);
    const k = made.body.data as Key;
    expect(k.permissions).toEqual(['read', 'withdraw']);
    expect(k.withdrawEnabledAt).toBe(k.createdAt + 24 * HOUR);
    const [listed] = (await server.api('/xb/v1/botapi/keys/list', {}, { token: advanced.token })).body.data;
    expect(listed).toMatchObject({ id: k.id, withdrawEnabledAt: k.createdAt + 24 * HOUR });
    const plain = await createKey(advanced.token, { permissions: ['read', 'trade'] });
    expect(plain.body.data).toMatchObject({ permissions: ['read', 'trade'], withdrawEnabledAt: null });
  });

  it('withdraws after 24 hours, from an allowed IP, to a saved and cooled-down address, once per client id', async () => {
    const u = await h.user({ kyc: 'advanced' });
    await h.deposit(u.id, 'USDT', 'TRC20', '1000');
    expect((await saveAddress(u.token, SAVED)).status).toBe(200);
    const k = (await createKey(u.token, { permissions: ['read', 'withdraw'], ipAllow: ['127.0.0.1'] })).body
      .data as Key;
    const fenced = (await createKey(u.token, { permissions: ['read', 'withdraw'], ipAllow: ['10.1.2.3'] })).body
      .data as Key;
    const trader = (await createKey(u.token, { permissions: ['read', 'trade'], ipAllow: ['127.0.0.1'] })).body
      .data as Key;

    const early = await apply(k, { withdrawOrderId: 'early' });
    expect(early.body.code).toBe(-2015);
    expect(early.body.msg).toContain('This key can withdraw from');

    await h.advance(24 * HOUR + 60_000);
    expect((await saveAddress(u.token, LATE)).status).toBe(200);
    const refusals: Array<[Key, Record<string, string>, number]> = [
      [trader, {}, -2015],
      [fenced, {}, -2015],
      [k, { address: UNSAVED }, -4035],
      [k, { address: LATE }, -4036],
      [k, { amount: '5000' }, -4026],
      [k, { amount: '99' }, -4022],
      [k, { coin: 'NOPE' }, -4018],
      [k, { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }, -4033],
    ];
    for (const [key, params, code] of refusals) {
      const r = await apply(key, { withdrawOrderId: 'refused', ...params });
      expect(r.body.code, JSON.stringify([params, r.body])).toBe(code);
    }
    expect(await spotOf(u.token, 'USDT')).toMatchObject({ available: '1000', frozen: '0' });

    const first = await apply(k, { withdrawOrderId: 'bot-1' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id: expect.stringMatching(/^\d+$/) });
    const again = await apply(k, { withdrawOrderId: 'bot-1' });
    expect(again.body).toEqual(first.body);
    expect((await apply(k, { withdrawOrderId: 'bot-1', amount: '200' })).body.code).toBe(-4001);
    expect(await spotOf(u.token, 'USDT')).toMatchObject({ available: '900', frozen: '100' });

    const records = await server.api('/xb/v1/wallet/withdraw/records', { page: 1, size: 10 }, { token: u.token });
    expect(records.body.data.items).toHaveLength(1);
    expect(records.body.data.items[0]).toMatchObject({ id: Number(first.body.id), status: 'pending', amount: '100' });
    expect((await ledgerCheck(server.built.ctx.db)).problems).toEqual([]);

    // having withdrawn to an address is enough for the app, not for a key: the book is its second factor
    const book = await server.api('/xb/v1/wallet/address/list', {}, { token: u.token });
    const savedId = book.body.data.items.find((a: any) => a.address === SAVED).id;
    await server.api('/xb/v1/wallet/address/delete', { id: savedId }, { token: u.token });
    expect((await apply(k, { withdrawOrderId: 'unsaved-again' })).body.code).toBe(-4035);

    const history = await signed('GET', '/api/sapi/v1/capital/withdraw/history', trader, { coin: 'USDT' });
    expect(history.status).toBe(200);
    expect(history.body).toEqual([
      expect.objectContaining({
        id: first.body.id,
        amount: '99',
        transactionFee: '1',
        coin: 'USDT',
        network: 'TRC20',
        address: SAVED,
        status: 2,
        withdrawOrderId: 'bot-1',
      }),
    ]);
  });

  it('lists every /api/sapi route on the bot API reference page', async () => {
    const html = await (await fetch(`${server.url}/api/docs/bot`)).text();
    const routes = server.built.routes.filter((r) => r.url.startsWith('/api/sapi/'));
    expect(routes.length).toBeGreaterThanOrEqual(2);
    expect(routes.filter((r) => !html.includes(`<code>${r.url}</code>`)).map((r) => r.url)).toEqual([]);
  });

  it('keeps the freeze after a security change in front of key withdrawals', async () => {
    const u = await h.user({ kyc: 'advanced' });
    await h.deposit(u.id, 'USDT', 'TRC20', '1000');
    await saveAddress(u.token, SAVED);
    const k = (await createKey(u.token, { permissions: ['read', 'withdraw'], ipAllow: ['127.0.0.1'] })).body
      .data as Key;
    await h.advance(24 * HOUR + 60_000);
    // as a change of login password leaves it (account-protection.service.ts)
    await server.built.ctx.db
      .update(users)
      .set({ withdrawFrozenUntil: new Date(clock.now() + HOUR), withdrawFreezeReason: 'password' })
      .where(eq(users.id, u.id));
    const frozen = await apply(k, { withdrawOrderId: 'frozen' });
    expect(frozen.body.code).toBe(-4016);
    expect(frozen.body.msg).toContain('login password was changed recently');
    expect(await spotOf(u.token, 'USDT')).toMatchObject({ available: '1000', frozen: '0' });
  });
});
