/**
 * Binance's status of an order from our status and, for an order that ended unfilled, its cancel reason:
 * `endedAs` names the reasons Binance reports otherwise than CANCELED (EXPIRED when the order's own terms
 * ended it), which differ between the spot and the futures API.
 */
export function binanceOrderStatus(
  status: string,
  cancelReason: string | null | undefined,
  endedAs: ReadonlyMap<string, string>,
): string {
  switch (status) {
    case 'new':
      return 'NEW';
    case 'partially_filled':
      return 'PARTIALLY_FILLED';
    case 'filled':
      return 'FILLED';
    default:
      return (cancelReason && endedAs.get(cancelReason)) || 'CANCELED';
  }
}
