import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { signedBotCall, type BotKey } from '../../testing/bot-api-client.ts';
import { serverForSuite } from '../../testing/test-server.ts';
import { FUND_PASSWORD, walletHarness } from '../wallet/wallet.test-helpers.ts';

let h: ReturnType<typeof walletHarness>;

const server = serverForSuite();
beforeAll(async () => {
  h = walletHarness(server, new ManualClock(Date.now()));
});

const account = (k: BotKey) => signedBotCall(server, 'GET', '/api/v3/account', { timestamp: String(Date.now()) }, k);

describe('API keys in the app', () => {
  it('creates a key with the fund password, shows the secret once, disables and deletes it', async () => {
    const u = await h.user();
    const created = await server.api(
      '/xb/v1/botapi/keys/create',
      { label: 'grid bot', permissions: ['read', 'trade'], ipAllow: ['127.0.0.1'], fundPassword: FUND_PASSWORD },
      { token: u.token },
    );
    expect(created.status).toBe(200);
    const k = created.body.data as { id: number; apiKey: string; secret: string; permissions: string[] };
    expect(k.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(k.permissions).toEqual(['read', 'trade']);
    expect((await account(k)).body.canTrade).toBe(true);

    const list = await server.api('/xb/v1/botapi/keys/list', {}, { token: u.token });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ id: k.id, label: 'grid bot', ipAllow: ['127.0.0.1'], status: 'active' });
    expect(JSON.stringify(list.body.data)).not.toContain(k.secret);

    await server.api('/xb/v1/botapi/keys/status', { id: k.id, status: 'disabled' }, { token: u.token });
    expect((await account(k)).body.code).toBe(-2015);
    await server.api('/xb/v1/botapi/keys/status', { id: k.id, status: 'active' }, { token: u.token });
    expect((await account(k)).status).toBe(200);

    const wrong = await server.api(
      '/xb/v1/botapi/keys/delete',
      { id: k.id, fundPassword: '999999' },
      { token: u.token },
    );
    expect(wrong).toMatchObject({ status: 400, body: { error: 'FUND_PASSWORD_WRONG', field: 'fundPassword' } });
    const gone = await server.api(
      '/xb/v1/botapi/keys/delete',
      { id: k.id, fundPassword: FUND_PASSWORD },
      { token: u.token },
    );
    expect(gone.status).toBe(200);
    expect((await account(k)).body.code).toBe(-2015);
  });

  it('refuses bad input with a localized message and creates nothing', async () => {
    const u = await h.user();
    const noFund = await h.user({ fundPassword: false });
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [u.token, { label: 'x', permissions: ['trade'], fundPassword: FUND_PASSWORD }, 'permissions'],
      [u.token, { label: '', permissions: ['read'], fundPassword: FUND_PASSWORD }, 'label'],
      [u.token, { label: 'x', permissions: ['read'], ipAllow: ['not-an-ip'], fundPassword: FUND_PASSWORD }, 'ipAllow'],
      [u.token, { label: 'x', permissions: ['read', 'admin'], fundPassword: FUND_PASSWORD }, 'permissions.1'],
      // a withdraw key must be fenced to the owner's own addresses
      [u.token, { label: 'x', permissions: ['read', 'withdraw'], fundPassword: FUND_PASSWORD }, 'ipAllow'],
      [noFund.token, { label: 'x', permissions: ['read'], fundPassword: '123456' }, 'fundPassword'],
    ];
    for (const [token, body, field] of cases) {
      const r = await server.api('/xb/v1/botapi/keys/create', body, { token, locale: 'de' });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.field).toBe(field);
    }
    const ip = await server.api(
      '/xb/v1/botapi/keys/create',
      { label: 'x', permissions: ['read'], ipAllow: ['not-an-ip'], fundPassword: FUND_PASSWORD },
      { token: u.token, locale: 'de' },
    );
    expect(ip.body.message).toBe('not-an-ip ist keine IP-Adresse');
    expect((await server.api('/xb/v1/botapi/keys/list', {}, { token: u.token })).body.data).toEqual([]);
  });

  it('serves the bot API reference beside the OpenAPI docs', async () => {
    const res = await fetch(`${server.url}/api/docs/bot`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('/api/v3/order');
    expect(html).toContain('X-MBX-APIKEY');
  });
});
