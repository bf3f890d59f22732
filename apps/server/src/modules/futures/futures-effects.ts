/**
 * What one futures command changed, noted while it runs inside its savepoint and handed to the feed only
 * after the group that holds it has committed (futures-committer.ts): a command that rolled back leaves no
 * note, so nothing uncommitted is ever published.
 */
export interface FuturesTradeNote {
  id: number;
  priceTicks: bigint;
  qtyLots: bigint;
  takerSide: 'buy' | 'sell';
  at: number;
}

export interface FuturesLiquidationNote {
  userId: number;
  positionId: number;
  side: 'long' | 'short';
  qtyLots: bigint;
  markTicks: bigint;
  at: number;
}

export interface FuturesEffects {
  symbol: string;
  /** Users whose orders, positions or futures wallet the command changed. */
  users: Set<number>;
  /** Matched trades (auto-deleverage fills are not market trades and are not noted here). */
  trades: FuturesTradeNote[];
  /** The resting book changed (an order rested, filled or was cancelled). */
  bookChanged: boolean;
  liquidations: FuturesLiquidationNote[];
  /** A mark tick (or a funding settlement on it) ran: every open position moved with the price. */
  ticked: boolean;
}

export function noEffects(symbol: string): FuturesEffects {
  return { symbol, users: new Set(), trades: [], bookChanged: false, liquidations: [], ticked: false };
}

/** Whether a note carries anything to publish. */
export function hasEffects(e: FuturesEffects): boolean {
  return e.users.size > 0 || e.trades.length > 0 || e.bookChanged || e.liquidations.length > 0 || e.ticked;
}
