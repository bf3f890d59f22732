import { illegalValue, invalidSymbol, mandatory, type BinanceError } from './binance-error.ts';
import { marketOf, type Market } from '../spot/markets.ts';

const DECIMAL = /^\d{1,30}(\.\d{1,30})?$/;
const CLIENT_ID = /^[A-Za-z0-9_.:/-]{1,36}$/;

/**
 * Reads Binance parameters with Binance's refusals: every value is checked before it is used (a missing
 * mandatory one is -1102, a malformed one -1100, an unknown symbol -1121).
 */
export class BinanceParams {
  private readonly params: Map<string, string>;
  constructor(params: Map<string, string>) {
    this.params = params;
  }

  has(name: string): boolean {
    return this.params.has(name);
  }

  private raw(name: string): string | undefined {
    const v = this.params.get(name);
    if (v !== undefined && v.length > 200) throw illegalValue(name);
    return v === '' ? undefined : v;
  }

  symbol(): Market {
    return this.symbolIn(marketOf);
  }

  /** `symbol` looked up in another list of instruments (the futures contracts): -1102 when missing, -1121 unknown. */
  symbolIn<T>(lookup: (symbol: string) => T | undefined): T {
    const v = this.raw('symbol');
    if (v === undefined) throw mandatory('symbol');
    const m = /^[A-Za-z0-9]{2,20}$/.test(v) ? lookup(v.toUpperCase()) : undefined;
    if (!m) throw invalidSymbol();
    return m;
  }

  optionalSymbol(): Market | undefined {
    return this.has('symbol') ? this.symbol() : undefined;
  }

  /** `symbols=["BTCUSDT","ETHUSDT"]` as Binance takes it. */
  symbols(): Market[] | undefined {
    const v = this.raw('symbols');
    if (v === undefined) return undefined;
    let list: unknown;
    try {
      list = JSON.parse(v);
    } catch {
      throw illegalValue('symbols');
    }
    if (!Array.isArray(list) || list.length === 0 || list.length > 100) throw illegalValue('symbols');
    return list.map((s) => {
      const m = typeof s === 'string' ? marketOf(s.toUpperCase()) : undefined;
      if (!m) throw invalidSymbol();
      return m;
    });
  }

  int(name: string, bounds: { min: number; max: number }): number | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (!/^-?\d{1,16}$/.test(v)) throw illegalValue(name);
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < bounds.min || n > bounds.max) throw illegalValue(name);
    return n;
  }

  /** A decimal string with trailing zeros removed ("50000.00000000" → "50000"), as our markets compare them. */
  decimal(name: string): string | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (!DECIMAL.test(v)) throw illegalValue(name);
    return trimZeros(v);
  }

  oneOf<T extends string>(name: string, values: readonly T[], error: () => BinanceError): T | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (!(values as readonly string[]).includes(v)) throw error();
    return v as T;
  }

  clientId(name: string): string | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (!CLIENT_ID.test(v)) throw illegalValue(name);
    return v;
  }

  /** A value of a given shape (a coin, a network, an address), -1100 when it has another. */
  matching(name: string, shape: RegExp): string | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (!shape.test(v)) throw illegalValue(name);
    return v;
  }

  /** A token of letters and digits (a listen key), or "" when absent or malformed. */
  clientIdLike(name: string): string {
    const v = this.raw(name);
    return v !== undefined && /^[A-Za-z0-9]{1,100}$/.test(v) ? v : '';
  }

  /** A limit with Binance's default and maximum. */
  limit(fallback: number, max: number): number {
    return this.int('limit', { min: 1, max }) ?? fallback;
  }
}

export function trimZeros(v: string): string {
  if (!v.includes('.')) return v.replace(/^0+(?=\d)/, '');
  const [i, f] = v.split('.') as [string, string];
  const frac = f.replace(/0+$/, '');
  const int = i.replace(/^0+(?=\d)/, '');
  return frac ? `${int}.${frac}` : int;
}
