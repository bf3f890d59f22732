import type { OrderSide, OrderType, SpotMarket } from '@tidemark/contract';

/**
 * The order ticket of /trade as a pure reducer (STYLE.md: dYdX's trade form). The state keeps what
 * the user typed, as text; `summary.ts` derives the order and its costs, `errors.ts` what blocks it.
 * `amount` means the base quantity, except for a market buy, where it is the USDT to spend (the
 * server's `quoteAmount`): that is what a buyer thinks in and what the freeze is.
 */
/** The ticket's order types: the plain ones, and the stops (model/stop-ticket.ts). */
export type TicketType = OrderType | 'stop_limit' | 'stop_market' | 'oco';
export const TICKET_TYPES: readonly TicketType[] = ['limit', 'market', 'stop_limit', 'stop_market', 'oco'];

export interface TicketState {
  side: OrderSide;
  type: TicketType;
  /** the limit price (of a limit, a stop-limit, or an OCO's limit leg) */
  price: string;
  /** the last price that fires a stop */
  stopPrice: string;
  /** an OCO's stop leg limit price (empty: a sell OCO's stop leg sells at market) */
  stopLimitPrice: string;
  amount: string;
  /** the slider's share of the available balance, or null once the amount is typed */
  percent: number | null;
}

/** What the ticket works against: the market's rules, the balances and the best prices. */
export interface TicketContext {
  market: SpotMarket;
  /**
   * available spot balances (decimal strings), '0' when none or signed out; null while a signed-in user's balances
   * have not arrived — the ticket then leaves the balance check to the server rather than call a balance short
   */
  baseAvailable: string | null;
  quoteAvailable: string | null;
  bestBid: string | null;
  bestAsk: string | null;
}

export type TicketAction =
  | { type: 'side'; side: OrderSide }
  | { type: 'orderType'; orderType: TicketType }
  | { type: 'price'; value: string }
  /** The market's price once known: taken only while the user has not typed a price of their own. */
  | { type: 'seedPrice'; value: string }
  | { type: 'stopPrice'; value: string }
  | { type: 'stopLimitPrice'; value: string }
  | { type: 'amount'; value: string }
  | { type: 'percent'; percent: number; amount: string }
  | { type: 'submitted' }
  | { type: 'market'; price: string };

export const INITIAL_TICKET: TicketState = {
  side: 'buy',
  type: 'limit',
  price: '',
  stopPrice: '',
  stopLimitPrice: '',
  amount: '',
  percent: null,
};

export const PERCENT_STEPS = [25, 50, 75, 100] as const;

/** Keeps only what can be a decimal being typed ("12.", ".5" are fine mid-typing). */
export function cleanDecimalInput(value: string): string | null {
  const v = value.replace(',', '.').replace(/\s/g, '');
  return /^\d*\.?\d*$/.test(v) ? v : null;
}

export function ticketReducer(state: TicketState, action: TicketAction): TicketState {
  switch (action.type) {
    case 'side':
      // the amount of one side means nothing on the other (USDT vs base)
      return state.side === action.side ? state : { ...state, side: action.side, amount: '', percent: null };
    case 'orderType':
      return state.type === action.orderType ? state : { ...state, type: action.orderType, amount: '', percent: null };
    case 'price': {
      const v = cleanDecimalInput(action.value);
      return v === null ? state : { ...state, price: v };
    }
    case 'seedPrice': {
      const v = cleanDecimalInput(action.value);
      return v === null || state.price !== '' ? state : { ...state, price: v };
    }
    case 'stopPrice':
    case 'stopLimitPrice': {
      const v = cleanDecimalInput(action.value);
      return v === null ? state : { ...state, [action.type]: v };
    }
    case 'amount': {
      const v = cleanDecimalInput(action.value);
      return v === null ? state : { ...state, amount: v, percent: null };
    }
    case 'percent':
      return { ...state, percent: action.percent, amount: action.amount };
    case 'submitted':
      return { ...state, amount: '', percent: null };
    case 'market':
      // a new market: its price scale differs, start over on the same side
      return { ...INITIAL_TICKET, side: state.side, type: state.type, price: action.price };
  }
}
