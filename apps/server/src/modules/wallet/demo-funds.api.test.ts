import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import type { ChainAdapter } from './chain-adapter.ts';
import { ledgerCheck } from './ledger-check.ts';
import { rid } from './wallet.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));

const server = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });

const spot = async (token: string) => {
  const a = await server.api('/xb/v1/wallet/assets', {}, { token });
  const w = a.body.data.wallets.find((x: any) => x.wallet === 'spot');
  return Object.fromEntries(w.currencies.map((c: any) => [c.currency, c.available]));
};

describe('demo funds on the simulated chain', () => {
  it('credits 10,000 USDT and 0.5 BTC once an hour, one entry from outside_world labelled demo', async () => {
    const u = await server.createUser();
    const status = await server.api('/xb/v1/wallet/demo-funds/status', {}, { token: u.token });
    expect(status.body.data).toMatchObject({
      demo: true,
      nextAt: null,
      amounts: [
        { currency: 'USDT', amount: '10000' },
        { currency: 'BTC', amount: '0.5' },
      ],
    });

    const requestId = rid('demo');
    const first = await server.api('/xb/v1/wallet/demo-funds/claim', { requestId }, { token: u.token });
    expect(first.status).toBe(200);
    expect(first.body.data.credited).toEqual([
      { currency: 'USDT', amount: '10000' },
      { currency: 'BTC', amount: '0.5' },
    ]);
    expect(await spot(u.token)).toMatchObject({ USDT: '10000', BTC: '0.5' });

    // the same requestId is the same grant, not a second one
    const retry = await server.api('/xb/v1/wallet/demo-funds/claim', { requestId }, { token: u.token });
    expect(retry.body.data.transactionId).toBe(first.body.data.transactionId);
    expect(await spot(u.token)).toMatchObject({ USDT: '10000', BTC: '0.5' });

    // another tap within the hour: refused with when it is possible again, in the user's language
    const soon = await server.api('/xb/v1/wallet/demo-funds/claim', { requestId: rid('demo') }, { token: u.token });
    expect(soon.status).toBe(429);
    expect(soon.body.error).toBe('DEMO_FUNDS_TOO_SOON');
    expect(soon.body.message).toContain('60 min (at 13:00 UTC)');
    const de = await server.api(
      '/xb/v1/wallet/demo-funds/claim',
      { requestId: rid('demo') },
      { token: u.token, locale: 'de' },
    );
    expect(de.body.message).toContain('13:00 UTC');
    expect(de.body.message).toContain('Demo-Guthaben');
    const later = await server.api('/xb/v1/wallet/demo-funds/status', {}, { token: u.token });
    expect(later.body.data.nextAt).toBe(clock.now() + 3600_000);

    // the records say what it was
    const records = await server.api('/xb/v1/wallet/records', { type: 'deposit' }, { token: u.token });
    expect(records.body.data.items).toHaveLength(2);
    for (const r of records.body.data.items) {
      expect(r.kind).toBe('deposit.demo');
      expect(r.memo).toMatch(/demo/);
    }

    clock.advance(3600_000);
    const again = await server.api('/xb/v1/wallet/demo-funds/claim', { requestId: rid('demo') }, { token: u.token });
    expect(again.status).toBe(200);
    expect(await spot(u.token)).toMatchObject({ USDT: '20000', BTC: '1' });
    expect((await ledgerCheck(server.built.ctx.db)).problems).toEqual([]);
  });

  it('gives parallel taps with different ids one grant only', async () => {
    const u = await server.createUser();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.api('/xb/v1/wallet/demo-funds/claim', { requestId: rid('par') }, { token: u.token }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
    expect(await spot(u.token)).toMatchObject({ USDT: '10000', BTC: '0.5' });
  });

  it('needs a session and a valid body', async () => {
    expect((await server.api('/xb/v1/wallet/demo-funds/claim', { requestId: rid() })).status).toBe(401);
    const u = await server.createUser();
    const bad = await server.api('/xb/v1/wallet/demo-funds/claim', { requestId: 'x' }, { token: u.token });
    expect(bad.status).toBe(400);
  });
});

describe('demo funds do not exist', () => {
  const absent = async (s: TestServer) => {
    const u = await s.createUser();
    for (const path of ['/xb/v1/wallet/demo-funds/claim', '/xb/v1/wallet/demo-funds/status']) {
      const res = await s.api(path, { requestId: rid() }, { token: u.token });
      expect(res.status).toBe(404);
    }
    const assets = await s.api('/xb/v1/wallet/assets', {}, { token: u.token });
    expect(assets.body.data.usdtTotal).toBe('0');
  };

  it('when a real chain adapter serves the network', async () => {
    const realChain: ChainAdapter = { name: 'evm-json-rpc', send: async () => ({ txHash: '0x1' }) };
    const s = await startTestServer({ services: { chain: realChain } });
    try {
      await absent(s);
    } finally {
      await s.close();
    }
  });

  it('when NODE_ENV=production', async () => {
    // a production configuration that is otherwise safe, even a declared demo deployment on simulated prices
    const s = await startTestServer({
      env: {
        NODE_ENV: 'production',
        DEV_TOOLS: '',
        PUBLIC_URL: 'https://exchange.example.com',
        SMTP_URL: 'smtp://mail.example.com:587',
        SMS_PROVIDER_URL: 'https://sms.example.com/send',
        SMS_PROVIDER_TOKEN: 'token',
        ALLOW_DEMO_PRICES_IN_PRODUCTION: 'true',
      },
    });
    try {
      await absent(s);
    } finally {
      await s.close();
    }
  });
});
