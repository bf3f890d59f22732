import type { Candle } from '@tidemark/contract';

/**
 * Which candles a price chart draws. A market's own candles once it has any; before that the index price's
 * candles (labelled "Index price", and "demo" when the price source is simulated), so a fresh market's chart is
 * never empty; nothing ("loading") while the market's own answer is not in, so the index never flashes in front
 * of a market that has trades.
 */
export type ChartSource =
  | { kind: 'loading' }
  | { kind: 'market'; candles: readonly Candle[] }
  | { kind: 'index'; candles: readonly Candle[]; demo: boolean };

/** The index candles are needed (and only then fetched) when the market has answered with no candles at all. */
export function needsIndex(market: readonly Candle[] | undefined): boolean {
  return market !== undefined && market.length === 0;
}

export function chooseChartSource(
  market: readonly Candle[] | undefined,
  index: { candles: readonly Candle[] | undefined; demo: boolean },
): ChartSource {
  if (market === undefined) return { kind: 'loading' };
  if (market.length > 0) return { kind: 'market', candles: market };
  if (index.candles === undefined) return { kind: 'loading' };
  return { kind: 'index', candles: index.candles, demo: index.demo || index.candles.some((c) => c.demo) };
}
