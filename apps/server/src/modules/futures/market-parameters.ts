import { parseFixed, parseRate, USDT_SCALE, type Rate } from '@tidemark/futures-math';
import type { MarketParameters, ParameterTarget } from '../market/market-parameters.service.ts';
import { CONTRACT_CONFIGS, CONTRACTS, contractOf, type Contract } from './domain/contracts.ts';

/** The configured fees and minimum of every contract, kept before any override is applied over them. */
const CONFIGURED = new Map<string, MarketParameters>(
  CONTRACT_CONFIGS.map((c) => [c.symbol, { makerFee: c.makerFee, takerFee: c.takerFee, minNotional: c.minNotional }]),
);

/** Every maker rate a contract has had, from the moment it took effect (epoch ms), oldest first. */
const makerRates = new Map<string, Array<{ from: number; rate: Rate }>>();

/**
 * The maker rate an order placed at `placedAt` (epoch ms) pays: the terms it was placed under — the
 * configured rate, or the last override in force at that moment.
 */
export function makerRateFor(c: Contract, placedAt: number): Rate {
  const history = makerRates.get(c.symbol);
  const configured = CONFIGURED.get(c.symbol);
  // no override of this contract (or a contract built outside the configuration): the rate on it
  if (!history || history.length === 0 || !configured) return c.makerFee;
  let rate = parseRate(configured.makerFee);
  for (const r of history) if (r.from <= placedAt) rate = r.rate;
  return rate;
}

/**
 * Futures contracts as a target of finance's overrides, as the spot markets are (spot/market-parameters.ts).
 * The values in force are written onto the contract objects the books, the public contract list, the
 * bot API and the fee schedule read. A taker is always the order being placed, so the new taker rate and
 * minimum notional reach new orders only; a resting order pays the maker rate in force when it was
 * placed (makerRateFor). Tick size and quantity step are never changed here.
 */
export const futuresParameterTarget: ParameterTarget = {
  symbols: () => CONTRACTS.map((c) => c.symbol),
  configured: (symbol) => ({ ...CONFIGURED.get(symbol)! }),
  apply(symbol, current, history) {
    const c = contractOf(symbol)!;
    c.makerFee = parseRate(current.makerFee);
    c.takerFee = parseRate(current.takerFee);
    c.minNotional = parseFixed(current.minNotional, USDT_SCALE);
    makerRates.set(
      symbol,
      history.filter((h) => h.field === 'makerFee').map((h) => ({ from: h.at, rate: parseRate(h.value) })),
    );
  },
};
