import type { FuturesContract } from '@tidemark/contract/futures';
import { formatFixed, RATE_ONE, USDT_SCALE } from '@tidemark/futures-math';
import type { PriceService } from '../market/price.service.ts';
import type { ContractBook } from './contract-book.ts';
import { ticksToPrice } from './domain/contracts.ts';
import { rate, usdt } from './views.ts';

/** The listed contracts with their parameters, tiers, and the current index and mark prices. */
export function contractList(books: Iterable<ContractBook>, prices: PriceService | undefined): FuturesContract[] {
  return [...books].map((b) => {
    const c = b.contract;
    return {
      symbol: c.symbol,
      base: c.base,
      quote: 'USDT',
      tickSize: c.tickSize,
      stepSize: c.stepSize,
      minNotional: usdt(c.minNotional),
      makerFee: rate(c.makerFee),
      takerFee: rate(c.takerFee),
      liquidationFee: rate(c.liquidationFee),
      maxLeverage: c.maxLeverage,
      fundingIntervalHours: c.fundingIntervalMs / 3_600_000,
      tiers: c.tiers.map((t) => ({
        bracket: t.bracket,
        notionalFloor: usdt(t.floor),
        notionalCap: usdt(t.cap),
        maintMarginRatio: rate(t.mmr),
        maintAmount: formatFixed(t.cumScaled / RATE_ONE, USDT_SCALE),
        maxLeverage: t.maxLeverage,
      })),
      indexPrice: indexPrice(prices, c.symbol),
      markPrice: b.mark === null ? null : ticksToPrice(c, b.mark),
      demo: prices?.demo ?? false,
    };
  });
}

/** The latest index price, or null when there is none fresh enough (the listing still shows the contract). */
function indexPrice(prices: PriceService | undefined, symbol: string): string | null {
  if (!prices) return null;
  try {
    return prices.latest(symbol).price;
  } catch {
    return null;
  }
}
