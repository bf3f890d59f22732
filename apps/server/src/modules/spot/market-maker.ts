import crypto from 'node:crypto';
import { divRound, parseUnits, pow10, RATE_SCALE } from '@tidemark/contract/money';
import { service, type AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { PRICE_SCALE } from '../market/instruments.ts';
import type { PriceService } from '../market/price.service.ts';
import { DemoTaker } from './demo-taker.ts';
import type { MarketMakerConfig, QuoteShape } from './market-maker.config.ts';
import { formatLots, quoteLevels } from './market-maker.quotes.ts';
import { DEMO_TAKER_EMAIL, MARKET_MAKER_EMAIL, seedMarketMaker } from './market-maker.seed.ts';
import { MARKETS, ticksToPrice, type Market } from './markets.ts';
import { logRefusal } from './refusal-log.ts';
import type { SpotService } from './spot.service.ts';
import { serialLoop, type SerialLoop } from '../../platform/serial-loop.ts';

export interface MarketMakerDeps {
  ctx: AppContext;
  spot: SpotService;
  config: MarketMakerConfig;
}

/**
 * The built-in market maker (DESIGN.md §6): a normal, visible user account with its own funds (put in by
 * the seed through an honest journal entry from outside_world) that quotes around the index price so no
 * book is empty. It cancels and replaces its quotes through the SAME sequencer as everyone (no special
 * path) when the index moves more than the requote threshold, or when takers have eaten half its quotes.
 * In demo mode (simulated prices) a second account, the demo taker, sends small market orders so candles
 * move; those orders and their trades are flagged `demo`.
 *
 * The default book looks like a live one, honestly: 20 levels a side, the first 0.02 % from the index (a
 * 0.04 % spread), 0.02 % apart, each level a little larger than the one before it (about 200,000 USDT a
 * side per market), all from the account's own visible funds.
 *
 * Its settings: market-maker.config.ts; its accounts and capital: market-maker.seed.ts; the levels it
 * quotes: market-maker.quotes.ts; the demo taker: demo-taker.ts.
 */
export class MarketMaker {
  private readonly quotedAt = new Map<string, bigint>();
  private loop: SerialLoop | null = null;
  private makerId = 0;
  private demoTaker: DemoTaker | null = null;
  private round = 0;

  private readonly deps: MarketMakerDeps;
  constructor(deps: MarketMakerDeps) {
    this.deps = deps;
  }

  async start(): Promise<void> {
    await seedMarketMaker(this.deps.ctx);
    const accounts = service(this.deps.ctx, 'account');
    this.makerId = (await accounts.findIdByEmail(MARKET_MAKER_EMAIL))!;
    this.demoTaker = new DemoTaker(
      this.deps.ctx,
      this.deps.spot,
      (await accounts.findIdByEmail(DEMO_TAKER_EMAIL))!,
      this.deps.config.demoTakerMarkets,
    );
    this.loop = serialLoop(
      this.deps.config.intervalMs,
      () => this.step(),
      (err) => this.deps.ctx.log.error({ err, round: this.round }, 'market maker step failed'),
    );
  }

  async stop(): Promise<void> {
    await this.loop?.stop();
    this.loop = null;
  }

  private async step(): Promise<void> {
    const prices = service(this.deps.ctx, 'prices');
    this.round += 1;
    for (const m of MARKETS) {
      const index = freshIndex(prices, m.symbol);
      if (index === null) continue; // no fresh index: leave the quotes as they are
      const last = this.quotedAt.get(m.symbol);
      const moved = last === undefined || abs(index - last) * pow10(RATE_SCALE) > this.deps.config.requote * last;
      // takers eat the quotes between index moves: refill once half of them are gone
      const thin = this.deps.spot.sequencer(m.symbol).openOrdersOf(this.makerId).length < this.shapeOf(m).levels;
      if (moved || thin) await this.requote(m, index);
    }
    if (this.demoTaker && (this.deps.config.demoTaker ?? prices.demo)) await this.demoTaker.take(this.round);
  }

  private async requote(m: Market, index: bigint): Promise<void> {
    await this.deps.spot.cancelAll(this.makerId, m.symbol);
    const tick8 = parseUnits(m.tickSize, PRICE_SCALE);
    // every quote is handed to the sequencer at once: it runs them as one batch (one transaction), so a
    // deep book costs about one commit per requote, not one per level — the database stays free for users
    const quotes: Promise<unknown>[] = [];
    for (const q of quoteLevels(this.shapeOf(m), index, tick8)) {
      for (const [side, ticks] of [
        ['buy', q.bid],
        ['sell', q.ask],
      ] as const) {
        if (ticks <= 0n) continue;
        // lots so that the level is worth about its USDT value: value (minor) / ticks (minor per lot)
        const lots = divRound(q.usdt, ticks, 'ceil');
        const order = {
          clientOrderId: `mm-${m.symbol}-${this.round}-${side}${q.level}-${crypto.randomBytes(3).toString('hex')}`,
          symbol: m.symbol,
          side,
          type: 'limit' as const,
          price: ticksToPrice(m, ticks),
          quantity: formatLots(m, lots),
          timeInForce: 'POST_ONLY' as const,
        };
        quotes.push(
          this.deps.spot
            .place(this.makerId, order)
            .catch((err: unknown) => logRefusal(this.deps.ctx, err, 'market maker quote', order)),
        );
      }
    }
    await Promise.all(quotes);
    this.quotedAt.set(m.symbol, index);
  }

  private shapeOf(m: Market): QuoteShape {
    return this.deps.config.markets[m.symbol] ?? this.deps.config;
  }
}

/** The index in PRICE_SCALE units, or null when there is no fresh one (the feed is down or stale). */
function freshIndex(prices: PriceService, symbol: string): bigint | null {
  try {
    return parseUnits(prices.latest(symbol).price, PRICE_SCALE);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

const abs = (x: bigint) => (x < 0n ? -x : x);
