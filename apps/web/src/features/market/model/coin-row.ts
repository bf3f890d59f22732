import type { SpotMarket, Ticker } from '@tidemark/contract';
import { formatPrice } from '../../../lib/format/price.ts';
import { roundDecimal } from '../../../lib/format/decimal.ts';

/**
 * A coin list row of spec §3 built from a market and its 24-hour ticker: icon by coinType, pair
 * name, price (spec §9 display rule), percent change (up = green, down = red) and a dollar estimate.
 * The sort fields stay decimal strings.
 */
export interface CoinRowModel {
  id: string; // the market symbol: favourites are matched by it
  symbol: string;
  coinType: number;
  name: string; // "BTC/USDT"
  base: string;
  price: string | null; // raw decimal, for sorting
  volume: string | null; // 24 h turnover in USDT, for sorting and the turnover ranking
  changePercent: string | null;
  priceText: string;
  percentText: string;
  dollarText: string;
  isUp: boolean;
  isDown: boolean;
  demo: boolean;
}

export function coinRow(market: SpotMarket, ticker: Ticker | undefined): CoinRowModel {
  const last = ticker?.last ?? null;
  const pct = last === null ? null : (ticker?.changePercent ?? null);
  const sign = pct === null ? 0 : pct.startsWith('-') ? -1 : /[1-9]/.test(pct) ? 1 : 0;
  const rounded = pct === null ? null : roundDecimal(pct.replace(/^[+-]/, ''), 2);
  return {
    id: market.symbol,
    symbol: market.symbol,
    coinType: market.coinType,
    name: market.name,
    base: market.base,
    price: last,
    volume: ticker?.turnover ?? null,
    changePercent: pct,
    priceText: formatPrice(last),
    percentText: rounded === null ? '--' : `${sign < 0 ? '-' : sign > 0 ? '+' : ''}${rounded}%`,
    // the quote is USDT, a dollar stablecoin: the estimate is the price in dollars, marked "≈"
    dollarText: last === null ? '--' : `≈ $${formatPrice(last)}`,
    isUp: sign > 0,
    isDown: sign < 0,
    demo: ticker?.demo ?? false,
  };
}

export function coinRows(markets: readonly SpotMarket[], tickers: readonly Ticker[] | undefined): CoinRowModel[] {
  const bySymbol = new Map((tickers ?? []).map((t) => [t.symbol, t]));
  return markets.map((m) => coinRow(m, bySymbol.get(m.symbol)));
}
