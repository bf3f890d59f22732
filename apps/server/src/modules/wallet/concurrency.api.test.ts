import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { ledgerCheck } from './ledger-check.ts';
import { FUND_PASSWORD, rid, useWalletHarness } from './wallet.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

/**
 * Parallel money commands over real HTTP against one balance. On PostgreSQL (DATABASE_URL) they
 * run on separate pooled connections, so the row locks and the unique keys do the work.
 * Withdrawal codes are stubbed here: a new code voids the previous one, and the subject is the balance.
 */
const clock = new ManualClock(Date.UTC(2026, 6, 1, 12));

const server = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
const h = useWalletHarness(server, clock, { stubCodes: true });

describe('concurrency', () => {
  it('50 parallel withdrawals and transfers never overdraw one balance', async () => {
    const u = await h.user({ kyc: 'advanced' });
    await h.deposit(u.id, 'USDT', 'TRC20', '1000');
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? server.api(
            '/xb/v1/wallet/withdraw',
            {
              requestId: rid('pw'),
              currency: 'USDT',
              chain: 'TRC20',
              address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
              amount: '100',
              fundPassword: FUND_PASSWORD,
              code: '123456',
            },
            { token: u.token },
          )
        : server.api(
            '/xb/v1/wallet/transfer',
            { requestId: rid('pt'), currency: 'USDT', from: 'spot', to: 'futures', amount: '100' },
            { token: u.token },
          ),
    );
    const results = await Promise.all(calls);
    const okCount = results.filter((r) => r.status === 200).length;
    for (const r of results) {
      if (r.status !== 200) expect(r.body.error).toBe('INSUFFICIENT_BALANCE');
    }
    expect(okCount).toBe(10);
    const assets = await server.api('/xb/v1/wallet/assets', {}, { token: u.token });
    const usdt = (w: string) => assets.body.data.wallets.find((x: any) => x.wallet === w).currencies[0];
    expect(usdt('spot').available).toBe('0');
    expect(Number(usdt('spot').frozen) + Number(usdt('futures').available)).toBe(1000);
    expect((await ledgerCheck(server.built.ctx.db)).problems).toEqual([]);
  });

  it('a withdrawal, a transfer and a spot order racing for one balance: never more than the balance', async () => {
    for (let round = 0; round < 4; round += 1) {
      const u = await h.user({ kyc: 'advanced' });
      await h.deposit(u.id, 'USDT', 'TRC20', '1000');
      // each asks for more than half the balance, so at most one of them can be accepted
      const [withdraw, transfer, order] = await Promise.all([
        server.api(
          '/xb/v1/wallet/withdraw',
          {
            requestId: rid('rw'),
            currency: 'USDT',
            chain: 'TRC20',
            address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
            amount: '600',
            fundPassword: FUND_PASSWORD,
            code: '123456',
          },
          { token: u.token },
        ),
        server.api(
          '/xb/v1/wallet/transfer',
          { requestId: rid('rt'), currency: 'USDT', from: 'spot', to: 'futures', amount: '600' },
          { token: u.token },
        ),
        // a bid far below any price: it rests and holds 600 USDT + the fee reserve
        server.api(
          '/xb/v1/spot/order/place',
          { clientOrderId: rid('ro'), symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.6' },
          { token: u.token },
        ),
      ]);
      const results = [withdraw, transfer, order];
      for (const r of results) {
        if (r.status !== 200) expect(r.body.error).toBe('INSUFFICIENT_BALANCE');
      }
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const assets = await server.api('/xb/v1/wallet/assets', {}, { token: u.token });
      const usdt = (w: string) => assets.body.data.wallets.find((x: any) => x.wallet === w).currencies[0];
      const total = ['spot', 'futures'].reduce((sum, w) => sum + Number(usdt(w).available) + Number(usdt(w).frozen), 0);
      expect(total).toBe(1000);
      expect(Number(usdt('spot').available)).toBeGreaterThanOrEqual(0);
    }
    expect((await ledgerCheck(server.built.ctx.db)).problems).toEqual([]);
  });

  it('the same requestId sent concurrently applies once, and again after a restart still once', async () => {
    const u = await h.user({ kyc: 'basic' });
    await h.deposit(u.id, 'USDT', 'TRC20', '1000');
    const body = {
      requestId: rid('same'),
      currency: 'USDT',
      chain: 'TRC20',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      amount: '150',
      fundPassword: FUND_PASSWORD,
      code: '123456',
    };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => server.api('/xb/v1/wallet/withdraw', body, { token: u.token })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    await server.restart();
    h.install();
    h.stubCodes();
    const after = await server.api('/xb/v1/wallet/withdraw', body, { token: u.token });
    expect(after.body.data.id).toBe(results[0]!.body.data.id);
    const recs = await server.api('/xb/v1/wallet/withdraw/records', {}, { token: u.token });
    expect(recs.body.data.items).toHaveLength(1);
    const assets = await server.api('/xb/v1/wallet/assets', {}, { token: u.token });
    expect(assets.body.data.wallets[0].currencies[0]).toMatchObject({ available: '850', frozen: '150' });
  });
});
