/**
 * What the ticket does when a purchase is refused. A change of terms between the quote and the purchase (fee,
 * payout, period, limits, product status) is not a failure to report and forget: the user is shown the NEW quote,
 * marked as changed, and decides again. Anything else closes the ticket with the server's message.
 */
export type AfterRefusal = 'show-new-quote' | 'close';

export const TERMS_CHANGED = 'CYCLE_TERMS_CHANGED';

export function afterRefusal(errorKey: string): AfterRefusal {
  return errorKey === TERMS_CHANGED ? 'show-new-quote' : 'close';
}
