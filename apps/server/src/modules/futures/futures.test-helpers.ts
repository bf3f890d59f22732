import { service } from '../../platform/context.ts';
import { sql } from 'drizzle-orm';
import type { ManualClock } from '../../platform/clock.ts';
import type { TestServer } from '../../testing/test-server.ts';
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
