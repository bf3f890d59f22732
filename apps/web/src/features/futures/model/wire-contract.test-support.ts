import type { FuturesContract } from '@tidemark/contract/futures';
// Test support only: the app never imports server code (it talks HTTP), but the tests build the contracts
// exactly as /futures/contracts answers them from the server's configuration.
// eslint-disable-next-line import/no-restricted-paths
import { CONTRACTS } from '../../../../../server/src/modules/futures/domain/contracts.ts';

export const fmt = (v: bigint, d: number) => {
  const p = 10n ** BigInt(d);
  const f = (v % p).toString().padStart(d, '0').replace(/0+$/, '');
  return f ? `${v / p}.${f}` : `${v / p}`;
};

/** A contract as /futures/contracts answers it, from the server's configuration. */
export function wire(symbol: string, mark: string | null): FuturesContract {
  const c = CONTRACTS.find((x) => x.symbol === symbol)!;
  return {
    symbol: c.symbol,
    base: c.base,
    quote: 'USDT',
    tickSize: c.tickSize,
    stepSize: c.stepSize,
    minNotional: fmt(c.minNotional, 6),
    makerFee: fmt(c.makerFee, 8),
    takerFee: fmt(c.takerFee, 8),
    liquidationFee: fmt(c.liquidationFee, 8),
    maxLeverage: c.maxLeverage,
    fundingIntervalHours: 8,
    tiers: c.tiers.map((t) => ({
      bracket: t.bracket,
      notionalFloor: fmt(t.floor, 6),
      notionalCap: fmt(t.cap, 6),
      maintMarginRatio: fmt(t.mmr, 8),
      maintAmount: fmt(t.cumScaled / 100_000_000n, 6),
      maxLeverage: t.maxLeverage,
    })),
    indexPrice: mark,
    markPrice: mark,
    demo: true,
  };
}
