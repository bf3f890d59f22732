import { afterAll, beforeAll, expect } from 'vitest';
import { service } from '../../platform/context.ts';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../../platform/clock.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { marketModule } from '../market/market.module.ts';
import type { IndexQuote, PriceSource } from '../market/price-source.ts';
import { PriceService } from '../market/price.service.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';
import { parseFixed, USDT_SCALE } from '@tidemark/futures-math';
import { INSURANCE, walletOf } from './settle-fill.ts';

/** A price source the test sets by hand (a stand-in for the simulated feed; labelled live so nothing says demo). */
export class ControlledSource implements PriceSource {
  readonly kind = 'live' as const;
  readonly prices = new Map<string, string>();
  async quote(symbols: readonly string[]): Promise<IndexQuote[]> {
    return symbols
      .filter((s) => this.prices.has(s))
      .map((s) => ({ symbol: s, price: this.prices.get(s)!, sources: { test: this.prices.get(s)! } }));
  }
}

/**
 * Drives a test server's futures: stops the market module's own feed, swaps in a PriceService over a
 * ControlledSource through ctx.services, and steps index → mark → evaluation one tick at a time.
 * Call before anything needs a price; the server must run with FUTURES_TICK_MS=0.
 */
export async function futuresHarness(server: TestServer, clock: ManualClock) {
  const ctx = () => server.built.ctx;
  await marketModule.stop?.(ctx());
  const source = new ControlledSource();
  const prices = new PriceService(ctx().db, clock, source, 15_000);
  ctx().services.prices = prices;
  const futures = () => service(ctx(), 'futures');
  const ledger = () => service(ctx(), 'ledger');
  const units = (x: string) => parseFixed(x, USDT_SCALE);

  return {
    source,
    futures,
    ledger,
    /** Sets the index, moves the clock one second, stores the tick and runs one futures tick. */
    async setIndex(symbol: string, price: string) {
      source.prices.set(symbol, price);
      clock.advance(1000);
      await prices.tick();
      return (await futures().tick()).get(symbol)!;
    },
    /**
     * Makes the next marks equal the index: forgets the basis EMA, the last funding rate (whose decaying basis is
     * one input of the mark) and the last independent trade that earlier tests in the file left behind.
     */
    resetMarkInputs(symbol: string) {
      const book = futures().book(symbol);
      book.markState = book.markState ? { ...book.markState, basisEma: 0n } : null;
      book.lastFundingRate = null;
      book.lastIndependentTrade = null;
    },
    /** A new signed-up user with `usdt` in the futures wallet. */
    async user(usdt: string): Promise<{ id: number; token: string }> {
      const u = await server.createUser();
      await this.fund(u.id, usdt);
      return u;
    },
    /** Puts USDT into a user's futures wallet (capital from outside, an honest journal entry). */
    async fund(userId: number, usdt: string) {
      await ledger().transaction((tx) =>
        ledger().transfer(
          tx,
          'capital',
          { system: 'outside_world', currency: 'USDT' },
          walletOf(userId),
          units(usdt),
          `test:${userId}`,
        ),
      );
    },
    async fundInsurance(usdt: string) {
      await ledger().transaction((tx) =>
        ledger().transfer(
          tx,
          'capital',
          { system: 'outside_world', currency: 'USDT' },
          INSURANCE,
          units(usdt),
          'test:insurance',
        ),
      );
    },
    async insurance(): Promise<bigint> {
      return (await ledger().balance(INSURANCE)).available;
    },
    async wallet(userId: number) {
      return ledger().balance(walletOf(userId));
    },
    /**
     * Reconciliation (balances = postings, every currency sums to zero, nothing negative but the outside world)
     * and the clearing identity of decision 0008: clearing = Σ margin − Σ side × entryValue over open positions.
     */
    async check() {
      const r = await ledgerCheck(ctx().db);
      const clearing = (await ledger().balance({ system: 'futures_clearing', currency: 'USDT' })).available;
      const rows = (await ctx().db.execute(
        sql`select (coalesce(sum(margin), 0) - coalesce(sum(case when side = 'long' then entry_value else -entry_value end), 0))::text as expected
            from futures_positions where status = 'open'`,
      )) as unknown as { rows: Array<{ expected: string }> };
      return { ...r, clearing, expectedClearing: BigInt(rows.rows[0]!.expected) };
    },
    units,
  };
}

/** The contract the API tests trade. */
export const BTC = 'BTCUSDT';

export type FuturesHarness = Awaited<ReturnType<typeof futuresHarness>>;

/** A signed-up user as the API tests hold one. */
export type TestUser = { id: number; token: string };

/**
 * The setup every futures API test file shares: a test server on a manual clock with the tick job off
 * (the test drives every tick), the harness above with BTCUSDT's index at 100,000, and the calls the tests
 * make on BTCUSDT. Registers its own beforeAll/afterAll; `server` and `h` are ready inside the tests.
 * `idPrefix` keeps the client order ids of one file apart from another's.
 */
export function futuresApiSuite(opts: { start: number; idPrefix: string }) {
  process.env.FUTURES_TICK_MS = '0';
  const clock = new ManualClock(opts.start);
  let server: TestServer | undefined;
  let harness: FuturesHarness | undefined;
  let seq = 0;
  beforeAll(async () => {
    server = await startTestServer({ clock });
    harness = await futuresHarness(server, clock);
    await harness.setIndex(BTC, '100000');
  });
  afterAll(async () => {
    await server?.close();
  });

  const suite = {
    clock,
    get server(): TestServer {
      if (!server) throw new Error('the futures test server starts in beforeAll');
      return server;
    },
    get h(): FuturesHarness {
      if (!harness) throw new Error('the futures harness starts in beforeAll');
      return harness;
    },
    /** A crash and a start of the server; the harness is taken over the new one. */
    async restart() {
      await suite.server.restart();
      harness = await futuresHarness(suite.server, clock);
    },
    cid: () => `${opts.idPrefix}${(seq += 1)}`,
    user: (usdt: string): Promise<TestUser> => suite.h.user(usdt),
    call: (u: TestUser, path: string, body: object) =>
      suite.server.api(`/xb/v1/futures${path}`, body, { token: u.token }),
    limit: (u: TestUser, side: 'buy' | 'sell', price: string, quantity: string, extra: object = {}) =>
      suite.call(u, '/order/place', {
        clientOrderId: suite.cid(),
        symbol: BTC,
        side,
        type: 'limit',
        price,
        quantity,
        ...extra,
      }),
    market: (u: TestUser, side: 'buy' | 'sell', quantity: string) =>
      suite.call(u, '/order/place', { clientOrderId: suite.cid(), symbol: BTC, side, type: 'market', quantity }),
    positionOf: async (u: TestUser) => (await suite.call(u, '/positions', { symbol: BTC })).body.data[0],
    async cancelAll(u: TestUser) {
      for (const o of (await suite.call(u, '/orders/open', {})).body.data)
        await suite.call(u, '/order/cancel', { orderId: o.id });
    },
    /** The ledger reconciles and the clearing account holds what the open positions say it should. */
    async expectBooksBalanced() {
      const c = await suite.h.check();
      expect(c.problems).toEqual([]);
      expect(c.clearing).toBe(c.expectedClearing);
    },
  };
  return suite;
}
