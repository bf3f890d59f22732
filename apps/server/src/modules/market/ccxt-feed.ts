import { formatUnits, parseUnits } from '@tidemark/contract/money';
import { PRICE_SCALE, instrumentOf } from './instruments.ts';
import type { IndexQuote, PriceSource } from './price-source.ts';

/** The part of a ccxt exchange the live feed uses (tests pass recorded answers behind it). */
export interface TickerVenue {
  readonly id: string;
  fetchTicker(
    symbol: string,
  ): Promise<{ last?: number | undefined; close?: number | undefined; timestamp?: number | undefined }>;
}

/**
 * Live index prices: the median of the last trade price on several venues. A venue that fails,
 * answers nothing, or whose ticker is older than `maxAgeMs` is left out; an instrument with fewer
 * than `minVenues` answers gets no quote (and so goes stale → PRICE_UNAVAILABLE downstream).
 */
export class CcxtFeed implements PriceSource {
  readonly kind = 'live' as const;
  private readonly venues: TickerVenue[];
  private readonly minVenues: number;
  private readonly maxAgeMs: number;

  constructor(venues: TickerVenue[], opts: { minVenues?: number; maxAgeMs?: number } = {}) {
    this.venues = venues;
    this.minVenues = opts.minVenues ?? 1;
    this.maxAgeMs = opts.maxAgeMs ?? 30_000;
  }

  async quote(symbols: readonly string[], ts: number): Promise<IndexQuote[]> {
    const out: IndexQuote[] = [];
    await Promise.all(
      symbols.map(async (symbol) => {
        const inst = instrumentOf(symbol);
        if (!inst) return;
        const answers = await Promise.all(
          this.venues.map(async (venue) => {
            try {
              const t = await venue.fetchTicker(inst.venueSymbol);
              const last = t.last ?? t.close;
              if (typeof last !== 'number' || !Number.isFinite(last) || last <= 0) return null;
              if (t.timestamp !== undefined && ts - t.timestamp > this.maxAgeMs) return null;
              // ccxt hands numbers; fix them to the price scale once, then stay exact
              return { venue: venue.id, units: parseUnits(last.toFixed(PRICE_SCALE), PRICE_SCALE) };
            } catch {
              return null;
            }
          }),
        );
        const good = answers.filter((a): a is { venue: string; units: bigint } => a !== null);
        if (good.length < this.minVenues) return;
        const sources = Object.fromEntries(good.map((a) => [a.venue, formatUnits(a.units, PRICE_SCALE)]));
        out.push({ symbol, price: formatUnits(median(good.map((a) => a.units)), PRICE_SCALE), sources });
      }),
    );
    return out;
  }
}

/** Median of exact values; an even count takes the mean of the middle two, rounded down. */
export function median(values: bigint[]): bigint {
  const s = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2n;
}

/** Builds ccxt exchange objects by id (e.g. "binance,okx,kraken"); loaded lazily so tests never need it. */
export async function ccxtVenues(ids: string[]): Promise<TickerVenue[]> {
  const ccxt = (await import('ccxt')) as unknown as Record<string, new (opts: object) => TickerVenue>;
  return ids.map((id) => {
    const Venue = ccxt[id];
    if (typeof Venue !== 'function') throw new Error(`unknown ccxt exchange "${id}" in PRICE_VENUES`);
    return new Venue({ enableRateLimit: true, timeout: 5000 });
  });
}
