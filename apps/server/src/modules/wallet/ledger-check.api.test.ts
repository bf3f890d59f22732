import { service } from '../../platform/context.ts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatUnits, parseUnits } from '@tidemark/contract/money';
import { ManualClock } from '../../platform/clock.ts';
import { settleDue } from '../cycle/settlement.job.ts';
import { ledgerCheck } from './ledger-check.ts';
import type { AccountRef } from './ledger.service.ts';
import { rid, useWalletHarness } from './wallet.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

process.env.FUTURES_TICK_MS = '0'; // the test drives every futures tick

/**
 * `ledgerCheck` (the operator call and `npm run ledger:check`) after a mixed workload — spot deposits,
 * futures positions opened and closed, cycle contracts won, lost and still open — passes; and each
 * identity it checks beyond the journal's own (the futures clearing identity, the cycle pool's exposure,
 * its settled results, the stakes held) fails when a deliberate, balanced but wrong posting breaks it.
 */

const clock = new ManualClock(Date.UTC(2026, 5, 1, 1));
const ctx = () => server.built.ctx;
const ledger = () => service(ctx(), 'ledger');
const futures = () => service(ctx(), 'futures');
const usdt = (x: string) => parseUnits(x, 6);
const CLEARING: AccountRef = { system: 'futures_clearing', currency: 'USDT' };
const POOL: AccountRef = { system: 'cycle_pool', currency: 'USDT' };
const FEES: AccountRef = { system: 'fees', currency: 'USDT' };
const OUTSIDE: AccountRef = { system: 'outside_world', currency: 'USDT' };

/** One second: a stored index tick for every instrument, a futures mark tick, due cycle contracts settled. */
async function step(seconds = 1) {
  for (let i = 0; i < seconds; i += 1) {
    await h.advance(1000);
    await futures().tick();
  }
  await settleDue(service(ctx(), 'cycleSettlement'));
}
const post = (kind: string, movements: Array<{ account: AccountRef; available?: bigint; frozen?: bigint }>) =>
  ledger().transaction((tx) => ledger().post(tx, { kind, reference: 'test:break', movements }));
const check = () => ledgerCheck(ctx().db);

const server = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
const h = useWalletHarness(server, clock);
beforeAll(async () => {
  await step(2);
});

describe('ledger check beyond the journal', () => {
  it('passes after a mixed workload with futures and cycle contracts', async () => {
    expect(
      (await server.api('/admin/cycle/pool/fund', { amount: '100000', memo: 'test capital' }, { token: h.finance }))
        .status,
    ).toBe(200);
    const [a, b, c] = [await h.user(), await h.user(), await h.user()];
    for (const u of [a, b, c]) await h.deposit(u.id, 'USDT', 'TRC20', '5000');
    for (const u of [a, b]) {
      const t = await server.api(
        '/xb/v1/wallet/transfer',
        { requestId: rid('t'), currency: 'USDT', from: 'spot', to: 'futures', amount: '3000' },
        { token: u.token },
      );
      expect(t.status).toBe(200);
    }
    const contracts = (await server.api('/xb/v1/futures/contracts', {})).body.data;
    const btc = (contracts.list ?? contracts).find((x: any) => x.symbol === 'BTCUSDT');
    const price = btc.markPrice as string;
    const order = (token: string, body: Record<string, unknown>) =>
      server.api('/xb/v1/futures/order/place', { clientOrderId: rid('f'), symbol: 'BTCUSDT', ...body }, { token });
    // a opens short 0.02 against b's long; b closes half, both keep an open position
    expect((await order(a.token, { side: 'sell', type: 'limit', price, quantity: '0.02' })).status).toBe(200);
    const buy = await order(b.token, { side: 'buy', type: 'market', quantity: '0.02' });
    expect(buy.body.data, JSON.stringify(buy.body)).toMatchObject({ status: 'filled' });
    await step(5);
    const mark = (await server.api('/xb/v1/futures/contracts', {})).body.data;
    const price2 = ((mark.list ?? mark).find((x: any) => x.symbol === 'BTCUSDT').markPrice as string) ?? price;
    expect((await order(a.token, { side: 'buy', type: 'limit', price: price2, quantity: '0.01' })).status).toBe(200);
    const close = await order(b.token, { side: 'sell', type: 'market', quantity: '0.01', reduceOnly: true });
    expect(close.body.data, JSON.stringify(close.body)).toMatchObject({ status: 'filled' });

    // cycle: up and down bought together (one wins, one loses or both are refunded on a tie), one left open
    // a purchase names the terms of the quote it was made on
    const buyCycle = async (token: string, direction: string, period = 60) => {
      const terms = { instrument: 'BTCUSDT', period, direction, stake: '100' };
      const quote = await server.api('/xb/v1/cycle/quote', terms, { token });
      return server.api(
        '/xb/v1/cycle/buy',
        { ...terms, requestId: rid('cy'), acceptRisk: true, terms: quote.body.data.terms },
        { token },
      );
    };
    expect((await buyCycle(c.token, 'up')).status).toBe(200);
    expect((await buyCycle(a.token, 'down')).status).toBe(200);
    await step(62);
    const open = await buyCycle(c.token, 'up', 300);
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    await step(2);

    // the spot wallet's realized P&L is the settled contracts' results, from the journal
    const [res] = (
      (await ctx().db.execute(
        sql`select coalesce(sum(case when status = 'lost' then -stake when status = 'won' then payout - stake else 0 end), 0)::text as r
              from cycle_contracts where user_id = ${c.id} and status <> 'open'`,
      )) as unknown as { rows: Array<{ r: string }> }
    ).rows;
    const spotWallet = (await server.api('/xb/v1/wallet/assets', {}, { token: c.token })).body.data.wallets[0];
    expect(spotWallet.realizedPnl).toBe(formatUnits(BigInt(res!.r), 6));
    expect(spotWallet.realizedPnlToday).toBe(formatUnits(BigInt(res!.r), 6));

    const r = await check();
    expect(r.problems).toEqual([]);
    expect(r.ok).toBe(true);
    // the workload really left what the identities talk about
    expect((await ledger().balance(CLEARING)).available).toBeGreaterThan(0n);
    const positions = (await server.api('/xb/v1/futures/positions', {}, { token: b.token })).body.data;
    expect(positions.length).toBe(1);
  });

  it('fails when a posting takes money out of futures clearing without a position change', async () => {
    await post('test_break', [
      { account: CLEARING, available: -usdt('1') },
      { account: FEES, available: usdt('1') },
    ]);
    const r = await check();
    expect(r.ok).toBe(false);
    expect(r.problems.some((p) => p.startsWith('futures clearing holds'))).toBe(true);
    await post('test_repair', [
      { account: FEES, available: -usdt('1') },
      { account: CLEARING, available: usdt('1') },
    ]);
    expect((await check()).problems).toEqual([]);
  });

  it('fails when the cycle pool could no longer pay its open contracts', async () => {
    const pool = (await ledger().balance(POOL)).available;
    await post('test_break', [
      { account: POOL, available: -pool },
      { account: OUTSIDE, available: pool },
    ]);
    const r = await check();
    expect(r.ok).toBe(false);
    expect(r.problems.some((p) => /^cycle pool USDT holds 0 but open contracts may pay out \d+/.test(p))).toBe(true);
    await post('test_repair', [
      { account: OUTSIDE, available: -pool },
      { account: POOL, available: pool },
    ]);
    expect((await check()).problems).toEqual([]);
  });

  it('fails when a settlement posting does not match the contracts’ results', async () => {
    await post('cycle_won', [
      { account: POOL, available: -usdt('5') },
      { account: FEES, available: usdt('5') },
    ]);
    const r = await check();
    expect(r.problems.some((p) => p.startsWith('cycle pool USDT: settlements posted'))).toBe(true);
    await post('cycle_won', [
      { account: FEES, available: -usdt('5') },
      { account: POOL, available: usdt('5') },
    ]);
    expect((await check()).problems).toEqual([]);
  });

  it('fails when an open contract’s stake is no longer held', async () => {
    const [row] = (
      (await ctx().db.execute(
        sql`select user_id::text from cycle_contracts where status = 'open' limit 1`,
      )) as unknown as { rows: Array<{ user_id: string }> }
    ).rows;
    const holder: AccountRef = { userId: Number(row!.user_id), currency: 'USDT', wallet: 'spot' };
    await post('test_break', [{ account: holder, frozen: -usdt('100'), available: usdt('100') }]);
    const r = await check();
    expect(r.problems.some((p) => p.includes('has open cycle stakes of 100000000 USDT but only 0 frozen'))).toBe(true);
    await post('test_repair', [{ account: holder, frozen: usdt('100'), available: -usdt('100') }]);
    expect((await check()).problems).toEqual([]);
  });
});
