import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { serverForSuite } from '../../testing/test-server.ts';
import { futuresHarness } from './futures.test-helpers.ts';

process.env.FUTURES_TICK_MS = '0'; // the test drives every tick

/**
 * Property: after any sequence of opens (cross or isolated, any leverage), partial and full closes, margin
 * moves, mark moves (gaps included), funding settlements and the liquidations / ADL they cause, the ledger
 * reconciles, nothing but the outside world is negative, clearing equals Σ margin − Σ side × entryValue, and no
 * call fails with a server error.
 */
let h: Awaited<ReturnType<typeof futuresHarness>>;
const clock = new ManualClock(Date.UTC(2026, 4, 1, 1, 0, 0));
const ETH = 'ETHUSDT'; // tick 0.01, step 0.0001
type U = { id: number; token: string };
let maker: U;
let traders: U[] = [];
let seq = 0;
const cid = () => `p${(seq += 1)}`;
let index = 300000n; // 3000.00 in ticks

const call = async (u: U, path: string, body: object) => {
  const res = await server.api(`/xb/v1/futures${path}`, body, { token: u.token });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  return res;
};
const price = (ticks: bigint) => `${ticks / 100n}.${(ticks % 100n).toString().padStart(2, '0')}`;

/** The maker rests one order next to the mark, the trader takes it at market, the maker's rest is cancelled. */
async function trade(u: U, side: 'buy' | 'sell', qty: string, reduce: boolean) {
  const makerPrice = side === 'buy' ? index + 100n : index - 100n;
  await call(maker, '/order/place', {
    clientOrderId: cid(),
    symbol: ETH,
    side: side === 'buy' ? 'sell' : 'buy',
    type: 'limit',
    price: price(makerPrice),
    quantity: qty,
  });
  await call(
    u,
    reduce ? '/position/close' : '/order/place',
    reduce
      ? { clientOrderId: cid(), symbol: ETH, quantity: qty }
      : { clientOrderId: cid(), symbol: ETH, side, type: 'market', quantity: qty },
  );
  for (const o of (await call(maker, '/orders/open', {})).body.data)
    await call(maker, '/order/cancel', { orderId: o.id });
}

const action = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    who: fc.nat(2),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    qty: fc.integer({ min: 1, max: 40 }),
    lev: fc.constantFrom(2, 10, 25, 50),
    isolated: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('close' as const), who: fc.nat(2), part: fc.boolean() }),
  fc.record({ kind: fc.constant('move' as const), pct: fc.integer({ min: -20, max: 20 }) }),
  fc.record({
    kind: fc.constant('margin' as const),
    who: fc.nat(2),
    add: fc.boolean(),
    amount: fc.integer({ min: 1, max: 50 }),
  }),
  fc.record({ kind: fc.constant('funding' as const) }),
);

async function setIndexTicks(t: bigint) {
  index = t < 1000n ? 1000n : t;
  await h.setIndex(ETH, price(index));
}

// funding steps move the clock by 8 h at a time: keep the sessions alive for the whole run
const server = serverForSuite({ clock, env: { SESSION_TTL_HOURS: '2160' } });
beforeAll(async () => {
  h = await futuresHarness(server, clock);
  await setIndexTicks(index);
  maker = await server.createUser();
  await h.fund(maker.id, '50000000');
  await call(maker, '/leverage', { symbol: ETH, leverage: 5 });
  await h.fundInsurance('150'); // small: some shortfalls are covered by the fund, the rest goes to ADL
});

describe('futures ledger property', () => {
  it('reconciles after any sequence of trading, marks, funding and liquidations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 14 }), async (actions) => {
        traders = [];
        for (let i = 0; i < 3; i++) {
          const u = await server.createUser();
          await h.fund(u.id, '2000');
          traders.push(u);
        }
        for (const a of actions) {
          if (a.kind === 'open') {
            const u = traders[a.who]!;
            await call(u, '/margin-mode', { symbol: ETH, marginMode: a.isolated ? 'isolated' : 'cross' });
            await call(u, '/leverage', { symbol: ETH, leverage: a.lev });
            await trade(u, a.side, `0.${String(a.qty * 25).padStart(4, '0')}`, false);
          } else if (a.kind === 'close') {
            const u = traders[a.who]!;
            const pos = (await call(u, '/positions', { symbol: ETH })).body.data[0];
            if (!pos) continue;
            if (a.part && pos.quantity !== '0.0001') {
              const lots = BigInt(Math.round(Number(pos.quantity) * 10000)) / 2n;
              await trade(u, pos.direction === 'long' ? 'sell' : 'buy', `0.${String(lots).padStart(4, '0')}`, true);
            } else {
              await call(maker, '/order/place', {
                clientOrderId: cid(),
                symbol: ETH,
                side: pos.direction === 'long' ? 'buy' : 'sell',
                type: 'limit',
                price: price(pos.direction === 'long' ? index - 100n : index + 100n),
                quantity: pos.quantity,
              });
              await call(u, '/position/close', { clientOrderId: cid(), symbol: ETH });
              for (const o of (await call(maker, '/orders/open', {})).body.data)
                await call(maker, '/order/cancel', { orderId: o.id });
            }
          } else if (a.kind === 'move') {
            await setIndexTicks((index * BigInt(100 + a.pct)) / 100n);
          } else if (a.kind === 'margin') {
            await call(traders[a.who]!, '/position/margin', {
              requestId: cid(),
              symbol: ETH,
              action: a.add ? 'add' : 'remove',
              amount: String(a.amount),
            });
          } else {
            const info = (await server.api('/xb/v1/futures/funding/info', { symbol: ETH })).body.data[0];
            clock.set(info.nextFundingTime - 200);
            await setIndexTicks(index);
          }
          const c = await h.check();
          expect(c.problems).toEqual([]);
          expect(c.clearing).toBe(c.expectedClearing);
        }
        const neg = (await server.built.ctx.db.execute(
          sql`select count(*)::int as n from futures_positions where margin < 0 or qty_lots < 0`,
        )) as unknown as { rows: Array<{ n: number }> };
        expect(neg.rows[0]!.n).toBe(0);
      }),
      { numRuns: 16, seed: 20261121 }, // fixed: the same sequences every run (coverage asserted below)
    );
    // the sequences did reach the paths the property is about
    const [cov] = (
      (await server.built.ctx.db.execute(
        sql`select (select count(*) from futures_liquidations)::int as liq, (select count(*) from futures_liquidations where insurance_delta < 0)::int as fund_paid, (select count(*) from futures_liquidations where adl_lots > 0)::int as adl,
                 (select count(*) from futures_funding_payments)::int as funding`,
      )) as unknown as { rows: Array<{ liq: number; fund_paid: number; adl: number; funding: number }> }
    ).rows;
    expect(cov!.liq).toBeGreaterThan(0);
    expect(cov!.adl).toBeGreaterThan(0);
    expect(cov!.funding).toBeGreaterThan(0);
    console.info('futures property coverage', cov);
  }, 240_000);
});
