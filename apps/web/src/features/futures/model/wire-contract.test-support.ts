import type { FuturesContract, FuturesPosition } from '@tidemark/contract/futures';
import { buildTiers, formatFixed, RATE_ONE, type TierConfig } from '@tidemark/futures-math';

/**
 * Contracts as /futures/contracts publishes them, for the app's tests. The tier tables have the
 * shape of the listed ones (a wide first bracket for BTC, tighter ones for small coins); the math
 * that reads them is the server's own (@tidemark/futures-math), so they need not be the live values.
 */
const TIERS: Record<string, TierConfig[]> = {
  BTC: [
    { notionalCap: '50000', mmr: '0.004', maxLeverage: 100 },
    { notionalCap: '600000', mmr: '0.005', maxLeverage: 75 },
    { notionalCap: '3000000', mmr: '0.0065', maxLeverage: 50 },
    { notionalCap: '12000000', mmr: '0.01', maxLeverage: 25 },
    { notionalCap: '1200000000', mmr: '0.25', maxLeverage: 1 },
  ],
  ETH: [
    { notionalCap: '10000', mmr: '0.0065', maxLeverage: 75 },
    { notionalCap: '100000', mmr: '0.01', maxLeverage: 50 },
    { notionalCap: '500000', mmr: '0.02', maxLeverage: 25 },
    { notionalCap: '50000000', mmr: '0.5', maxLeverage: 1 },
  ],
  DOGE: [
    { notionalCap: '5000', mmr: '0.01', maxLeverage: 50 },
    { notionalCap: '25000', mmr: '0.02', maxLeverage: 25 },
    { notionalCap: '5000000', mmr: '0.5', maxLeverage: 1 },
  ],
};
const GRID: Record<string, [tickSize: string, stepSize: string]> = {
  BTC: ['0.1', '0.00001'],
  ETH: ['0.01', '0.0001'],
  DOGE: ['0.00001', '0.1'],
};

export const fmt = formatFixed;

/** A contract as /futures/contracts answers it. */
export function wire(symbol: string, mark: string | null): FuturesContract {
  const base = symbol.replace(/USDT$/, '');
  const tiers = buildTiers(symbol, TIERS[base]!);
  return {
    symbol,
    base,
    quote: 'USDT',
    tickSize: GRID[base]![0],
    stepSize: GRID[base]![1],
    minNotional: '5',
    makerFee: '0.0002',
    takerFee: '0.0005',
    liquidationFee: '0.005',
    maxLeverage: tiers[0]!.maxLeverage,
    fundingIntervalHours: 8,
    tiers: tiers.map((t) => ({
      bracket: t.bracket,
      notionalFloor: fmt(t.floor, 6),
      notionalCap: fmt(t.cap, 6),
      maintMarginRatio: fmt(t.mmr, 8),
      maintAmount: fmt(t.cumScaled / RATE_ONE, 6),
      maxLeverage: t.maxLeverage,
    })),
    indexPrice: mark,
    markPrice: mark,
    demo: true,
  };
}

/** A 10× isolated long of 0.01 BTC opened at 50,000 with 50 USDT margin, marked at 50,100, as the server answers it. */
export const btcLong: FuturesPosition = {
  id: 1,
  symbol: 'BTCUSDT',
  direction: 'long',
  marginMode: 'isolated',
  leverage: 10,
  quantity: '0.01',
  closableQuantity: '0.01',
  openPrice: '50000.000',
  markPrice: '50100',
  margin: '50',
  positionValue: '501',
  estimatedLiquidationPrice: '45180.7',
  bankruptcyPrice: '45000',
  fee: '0.25',
  positionInterest: '0',
  unrealizedPnl: '1',
  realizedPnl: '0',
  yield: '0.02',
  takeProfitPrice: null,
  stopLossPrice: null,
  entryValue: '500',
  takeProfitTrigger: 'mark',
  stopLossTrigger: 'mark',
  trailingStop: null,
  adlRank: null,
  status: 'open',
  closedPrice: null,
  closedQuantity: '0',
  closeReason: null,
  openTime: 0,
  closeTime: null,
};
