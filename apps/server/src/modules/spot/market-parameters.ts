import { parseRate, parseUnits } from '@tidemark/contract/money';
import type { MarketParameters, ParameterTarget } from '../market/market-parameters.service.ts';
import { MARKETS, marketOf } from './markets.ts';

/** The configured fees and minimum of every market, kept before any override is applied over them. */
const CONFIGURED = new Map<string, MarketParameters>(
  MARKETS.map((m) => [m.symbol, { makerFee: m.makerFee, takerFee: m.takerFee, minNotional: m.minNotional }]),
);

/**
 * Spot markets as a target of finance's overrides. The values in force are written onto the market
 * objects themselves, because the order path, the public market list, the bot API and the fee schedule
 * all read those: one place, so they cannot disagree. A taker is always the order being placed, so the
 * new taker rate and minimum reach new orders only; the maker rate of a resting order is looked up by its
 * placement time (makerRateFor).
 */
export const spotParameterTarget: ParameterTarget = {
  symbols: () => MARKETS.map((m) => m.symbol),
  configured: (symbol) => ({ ...CONFIGURED.get(symbol)! }),
  apply(symbol, current, history) {
    const m = marketOf(symbol)!;
    m.makerFee = current.makerFee;
    m.takerFee = current.takerFee;
    m.minNotional = current.minNotional;
    m.makerRate = parseRate(current.makerFee);
    m.takerRate = parseRate(current.takerFee);
    m.minNotionalUnits = parseUnits(current.minNotional, m.quoteScale);
    m.makerRates = history.filter((c) => c.field === 'makerFee').map((c) => ({ from: c.at, rate: parseRate(c.value) }));
  },
};
