/**
 * The candle intervals of DESIGN.md §6, with their length in milliseconds (1W starts on Monday 00:00 UTC). No zod
 * here: the web app's price chart reads them without the request schemas of spot.ts.
 */
export const CANDLE_INTERVALS = {
  '30s': 30_000,
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '2h': 7_200_000,
  '1D': 86_400_000,
  '1W': 604_800_000,
} as const;
export type CandleInterval = keyof typeof CANDLE_INTERVALS;
export const CANDLE_INTERVAL_NAMES = Object.keys(CANDLE_INTERVALS) as [CandleInterval, ...CandleInterval[]];
