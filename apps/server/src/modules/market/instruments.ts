/**
 * Instruments with an index price, all quoted in USDT. Coins are the listed currencies; gold,
 * silver and oil are for the cycle contracts. `start` and `volatility` (annualised, as a fraction)
 * drive the simulated feed only: realistic orders of magnitude, not live values.
 * `venueSymbol` is how the live (ccxt) adapter asks the venues for it.
 */
export interface InstrumentConfig {
  symbol: string;
  base: string;
  kind: 'crypto' | 'commodity';
  start: number;
  volatility: number;
  venueSymbol: string;
}

const crypto = (base: string, start: number, volatility: number): InstrumentConfig => ({
  symbol: `${base}USDT`,
  base,
  kind: 'crypto',
  start,
  volatility,
  venueSymbol: `${base}/USDT`,
});

export const INSTRUMENTS: readonly InstrumentConfig[] = [
  crypto('BTC', 97000, 0.55),
  crypto('ETH', 3400, 0.7),
  crypto('BNB', 640, 0.6),
  crypto('SOL', 190, 0.9),
  crypto('XRP', 2.3, 1.0),
  crypto('DOGE', 0.38, 1.1),
  crypto('ADA', 0.95, 1.0),
  crypto('TRX', 0.25, 0.7),
  crypto('LTC', 105, 0.8),
  crypto('DOT', 7.2, 0.95),
  crypto('LINK', 23, 0.95),
  crypto('AVAX', 42, 1.0),
  // commodities: a troy ounce of gold and silver, a barrel of WTI crude (PAXG/USDT-style symbols on venues)
  { symbol: 'XAUUSDT', base: 'XAU', kind: 'commodity', start: 2650, volatility: 0.15, venueSymbol: 'PAXG/USDT' },
  { symbol: 'XAGUSDT', base: 'XAG', kind: 'commodity', start: 31, volatility: 0.28, venueSymbol: 'XAG/USDT' },
  { symbol: 'WTIUSDT', base: 'WTI', kind: 'commodity', start: 70, volatility: 0.35, venueSymbol: 'WTI/USDT' },
];

/** Prices are stored and served with this many decimals. */
export const PRICE_SCALE = 8;

const bySymbol = new Map(INSTRUMENTS.map((i) => [i.symbol, i]));
export function instrumentOf(symbol: string): InstrumentConfig | undefined {
  return bySymbol.get(symbol);
}
/** The instrument that values a currency in USDT (none for USDT itself). */
export function instrumentForCurrency(code: string): string {
  return `${code}USDT`;
}
