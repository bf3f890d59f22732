import type { QueryClient } from '@tanstack/react-query';

/**
 * The query-key prefixes of every read that shows a balance or a money state (wallet assets, spot
 * balances and orders, futures account and positions, earn orders, cycle contracts). A money command
 * changes balances in more than one of them (a transfer moves spot → futures, an order freezes spot),
 * so after any command the screen refetches them all and shows the server's new figures, never a
 * figure from before the command.
 */
export const MONEY_QUERY_PREFIXES: readonly string[] = ['wallet', 'trade', 'futures', 'earn', 'cycle'];

export function refreshMoney(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => MONEY_QUERY_PREFIXES.includes(String(q.queryKey[0])),
  });
}
