import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SpotMarket, Ticker } from '@tidemark/contract';
import { useTickers } from '../../../lib/realtime/hooks.ts';
import { marketsQuery, tickersQuery } from '../api/market.ts';
import { coinRows, type CoinRowModel } from '../model/coin-row.ts';

/**
 * The spot markets with their live 24-hour tickers: the REST answer paints first, the `tickers`
 * channel keeps the rows moving.
 */
export function useMarketRows(): {
  rows: CoinRowModel[];
  markets: SpotMarket[];
  isLoading: boolean;
  isError: boolean;
  demo: boolean;
} {
  const markets = useQuery(marketsQuery());
  const rest = useQuery(tickersQuery());
  const live = useTickers();
  const tickers: Ticker[] | undefined = useMemo(() => mergeTickers(rest.data, live), [rest.data, live]);
  const rows = useMemo(() => coinRows(markets.data ?? [], tickers), [markets.data, tickers]);
  return {
    rows,
    markets: markets.data ?? [],
    isLoading: markets.isLoading,
    isError: markets.isError,
    demo: (tickers ?? []).some((t) => t.demo),
  };
}

function mergeTickers(rest: Ticker[] | undefined, live: Ticker[] | undefined): Ticker[] | undefined {
  if (!live) return rest;
  if (!rest) return live;
  const bySymbol = new Map(rest.map((t) => [t.symbol, t]));
  for (const t of live) bySymbol.set(t.symbol, t);
  return [...bySymbol.values()];
}
