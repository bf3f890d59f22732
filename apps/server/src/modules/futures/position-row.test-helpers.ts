import type { PositionRow } from './futures.schema.ts';

/**
 * A stored position row for the pure tests (close triggers, the risk scan): an open isolated 10× BTCUSDT long
 * with nothing traded, no trigger and the epoch for every date; a test gives only what it is about.
 */
export function positionRow(p: Partial<PositionRow> = {}): PositionRow {
  const at = new Date(0);
  return {
    id: 1,
    userId: 1,
    symbol: 'BTCUSDT',
    side: 'long',
    marginMode: 'isolated',
    leverage: 10,
    qtyLots: 0n,
    entryValue: 0n,
    margin: 0n,
    openedValue: 0n,
    fee: 0n,
    funding: 0n,
    realizedPnl: 0n,
    closedLots: 0n,
    closeValue: 0n,
    takeProfitTicks: null,
    stopLossTicks: null,
    tpTrigger: 'mark',
    slTrigger: 'mark',
    trailCallback: null,
    trailTrigger: 'mark',
    trailActivationTicks: null,
    trailWatermarkTicks: null,
    status: 'open',
    closeReason: null,
    openedAt: at,
    closedAt: null,
    updatedAt: at,
    ...p,
  };
}
