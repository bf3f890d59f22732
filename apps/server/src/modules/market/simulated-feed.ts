import crypto from 'node:crypto';
import { formatUnits, parseUnits } from '@tidemark/contract/money';
import { INSTRUMENTS, PRICE_SCALE, type InstrumentConfig } from './instruments.ts';
import type { IndexQuote, PriceSource } from './price-source.ts';

const SECONDS_PER_YEAR = 365 * 24 * 3600;

/** The source name a development override is stored under, so an overridden tick is never mistaken for the walk. */
export const DEV_OVERRIDE_SOURCE = 'dev-override';

/**
 * The offline demo feed: geometric Brownian motion per instrument, one step per second. The random
 * draw of each step is a pure function of (seed, symbol, second), so the same seed and the same
 * starting prices give the same path, and a restart resumes from the last stored price. Whoever
 * knows the seed knows every future price: it is the installation's secret (demo-seed.ts).
 * The walk itself uses floating point — it only invents prices; the quote is rounded to
 * PRICE_SCALE decimals and from then on handled exactly.
 */
export class SimulatedFeed implements PriceSource {
  readonly kind = 'simulated' as const;
  private readonly seed: string;
  private readonly last = new Map<string, { second: number; price: number }>();
  /** Prices set through the development price control, quoted once by the next tick (exact decimal strings). */
  private readonly overrides = new Map<string, string>();
  private readonly instruments: Map<string, InstrumentConfig>;

  constructor(seed: string, instruments: readonly InstrumentConfig[] = INSTRUMENTS) {
    this.seed = seed;
    this.instruments = new Map(instruments.map((i) => [i.symbol, i]));
  }

  /** Continues a path from a stored price (after a restart). */
  resume(symbol: string, ts: number, price: string): void {
    this.last.set(symbol, { second: Math.floor(ts / 1000), price: Number(price) });
  }

  /**
   * Development only (DEV_PRICE_CONTROL): the next quote of `symbol` is exactly `price` (a positive decimal
   * string with at most PRICE_SCALE decimals), with the source {'dev-override': price}; the walk then
   * continues from it. Returns the price as it will be quoted.
   */
  override(symbol: string, price: string): string {
    if (!this.instruments.has(symbol)) throw new RangeError(`unknown instrument ${symbol}`);
    const units = parseUnits(price, PRICE_SCALE);
    if (units <= 0n) throw new RangeError('an index price must be positive');
    const text = formatUnits(units, PRICE_SCALE);
    this.overrides.set(symbol, text);
    return text;
  }

  async quote(symbols: readonly string[], ts: number): Promise<IndexQuote[]> {
    const second = Math.floor(ts / 1000);
    const out: IndexQuote[] = [];
    for (const symbol of symbols) {
      const inst = this.instruments.get(symbol);
      if (!inst) continue;
      const set = this.overrides.get(symbol);
      if (set !== undefined) {
        this.overrides.delete(symbol);
        this.last.set(symbol, { second, price: Number(set) });
        out.push({ symbol, price: set, sources: { [DEV_OVERRIDE_SOURCE]: set } });
        continue;
      }
      const prev = this.last.get(symbol);
      let price = prev?.price ?? inst.start;
      if (prev && second > prev.second) {
        // one step per elapsed second, capped so a long pause does not stall the tick
        const steps = Math.min(second - prev.second, 3600);
        const sigma = inst.volatility / Math.sqrt(SECONDS_PER_YEAR);
        for (let k = steps - 1; k >= 0; k -= 1) {
          const z = this.normal(symbol, second - k);
          price *= Math.exp(sigma * z - (sigma * sigma) / 2);
        }
      }
      this.last.set(symbol, { second, price });
      const text = toDecimal(price);
      out.push({ symbol, price: text, sources: { simulated: text } });
    }
    return out;
  }

  /** A standard normal draw determined by (seed, symbol, second) — Box–Muller on two hashed uniforms. */
  private normal(symbol: string, second: number): number {
    const h = crypto.createHash('sha256').update(`${this.seed}|${symbol}|${second}`).digest();
    const u1 = (h.readUInt32BE(0) + 1) / 4294967297;
    const u2 = h.readUInt32BE(4) / 4294967296;
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }
}

/** A positive float → decimal string with PRICE_SCALE decimals (never below one minor unit). */
function toDecimal(price: number): string {
  return formatUnits(BigInt(Math.max(1, Math.round(price * 10 ** PRICE_SCALE))), PRICE_SCALE);
}
