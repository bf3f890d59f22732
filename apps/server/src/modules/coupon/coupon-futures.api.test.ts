import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { futuresHarness } from '../futures/futures.test-helpers.ts';
import { rid } from '../wallet/wallet.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

process.env.FUTURES_TICK_MS = '0'; // the test drives every tick

let h: Awaited<ReturnType<typeof futuresHarness>>;
const clock = new ManualClock(Date.UTC(2026, 10, 26, 12));

const server = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
beforeAll(async () => {
  h = await futuresHarness(server, clock);
  await h.setIndex('BTCUSDT', '50000');
});

const order = (token: string, body: Record<string, unknown>) =>
  server.api(
    '/xb/v1/futures/order/place',
    { clientOrderId: rid('cf'), symbol: 'BTCUSDT', type: 'limit', price: '50000', ...body },
    { token },
  );

async function feeEntries(userId: number) {
  return (
    (await server.built.ctx.db.execute(sql`
      select (-(p.available_delta + p.frozen_delta))::text as amount, t.memo
      from ledger_postings p join ledger_accounts a on a.id = p.account_id
      join ledger_transactions t on t.id = p.transaction_id
      where a.user_id = ${userId} and t.kind = 'futures_fee'
      order by t.id`)) as unknown as { rows: Array<{ amount: string; memo: string | null }> }
  ).rows;
}

describe('a coupon on futures fees', () => {
  it('the taker with a futures coupon pays the discounted fee, named in the entry; a spot-only coupon does not apply', async () => {
    const finance = await server.createOperator(['finance']);
    const maker = await h.user('10000');
    const withCoupon = await h.user('10000');
    const spotOnly = await h.user('10000');
    const grant = (userId: number, products: string[]) =>
      server.api(
        '/admin/coupon/grant',
        { userId, value: '5', products, expiresAt: clock.now() + 86_400_000, reason: 'futures test' },
        { token: finance.token },
      );
    const c = await grant(withCoupon.id, ['futures']);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    await grant(spotOnly.id, ['spot']);

    for (const taker of [withCoupon, spotOnly]) {
      expect((await order(maker.token, { side: 'sell', quantity: '0.01' })).status).toBe(200);
      const filled = await order(taker.token, { side: 'buy', quantity: '0.01' });
      expect(filled.body.data.status, JSON.stringify(filled.body)).toBe('filled');
    }
    const [full] = await feeEntries(spotOnly.id);
    const [discounted] = await feeEntries(withCoupon.id);
    expect(full!.memo).toBeNull();
    const fullFee = BigInt(full!.amount);
    expect(fullFee).toBeGreaterThan(0n);
    expect(BigInt(discounted!.amount)).toBe((fullFee * 50n + 99n) / 100n);
    expect(discounted!.memo).toContain(`coupon ${c.body.data.id} `);
    expect(await h.check()).toMatchObject({ ok: true });
  });
});
