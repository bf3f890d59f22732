import { parseUnits } from '@tidemark/contract/money';
import { CANDLE_INTERVAL_NAMES, candleOpenTime, type Candle, type CandleInterval } from '@tidemark/contract/spot';
import type { Clock } from '../../platform/clock.ts';
import type { PriceService } from '../market/price.service.ts';
import type { FeedHub } from './feed-hub.ts';
import { MARKETS } from './markets.ts';

/** The `/ws` channel of a market's index candles: what its chart draws before the market has trades. */
export const indexCandleChannel = (symbol: string, interval: CandleInterval) => `candles:${symbol}:${interval}:index`;

const SCALE = 8;
const TICKS_PER_READ = 3600;

interface Kept {
  candle: Candle;
  /** Ticks at or after this time are read on the next round (a tick read twice changes nothing). */
  readFrom: number;
}

export interface IndexCandleFeedDeps {
  hub: FeedHub;
  prices: PriceService;
  clock: Clock;
}

/**
 * Keeps the watched index-candle channels live: once a second it reads the ticks stored since the last round and
 * folds them into the open candle (a new candle starts when a tick crosses the interval), so a round reads a
 * second's ticks instead of aggregating a whole week. Folding is idempotent — a tick folded twice leaves high,
 * low and close as they were — so the first round may overlap the snapshot. Unwatched channels are forgotten.
 */
export class IndexCandleFeed {
  private readonly kept = new Map<string, Kept>();

  private readonly deps: IndexCandleFeedDeps;
  constructor(deps: IndexCandleFeedDeps) {
    this.deps = deps;
  }

  async publish(): Promise<void> {
    for (const m of MARKETS) {
      for (const interval of CANDLE_INTERVAL_NAMES) {
        const key = indexCandleChannel(m.symbol, interval);
        if (!this.deps.hub.hasSubscribers(key)) {
          this.kept.delete(key);
          continue;
        }
        await this.round(key, m.symbol, interval);
      }
    }
  }

  private async round(key: string, symbol: string, interval: CandleInterval): Promise<void> {
    const now = this.deps.clock.now();
    let kept = this.kept.get(key);
    if (!kept) {
      const [latest] = await this.deps.prices.candles(symbol, interval, { limit: 1 });
      if (!latest) return; // no tick yet: the next round tries again
      kept = { candle: latest, readFrom: now };
      this.kept.set(key, kept);
      return;
    }
    const ticks = await this.deps.prices.ticks(symbol, kept.readFrom, now, TICKS_PER_READ);
    let changed = false;
    for (const tick of ticks) {
      const open = candleOpenTime(tick.ts, interval);
      if (open < kept.candle.time) continue;
      if (open > kept.candle.time) {
        if (changed) this.deps.hub.publish(key, kept.candle); // the closing state of the candle just finished
        kept.candle = startCandle(open, tick.price, tick.demo);
      } else kept.candle = foldTick(kept.candle, tick.price, tick.demo);
      changed = true;
      kept.readFrom = tick.ts;
    }
    if (changed) this.deps.hub.publish(key, kept.candle);
  }
}

function startCandle(time: number, price: string, demo: boolean): Candle {
  return { time, open: price, high: price, low: price, close: price, volume: '0', turnover: '0', trades: 0, demo };
}

/** One index tick into an open candle; compared as exact units at the price scale. */
export function foldTick(c: Candle, price: string, demo: boolean): Candle {
  const p = parseUnits(price, SCALE);
  return {
    ...c,
    high: p > parseUnits(c.high, SCALE) ? price : c.high,
    low: p < parseUnits(c.low, SCALE) ? price : c.low,
    close: price,
    demo: c.demo || demo,
  };
}
