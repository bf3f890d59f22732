import { loadCycleConfig } from '../../cycle/cycle.config.ts';
import { PLAN_SEEDS } from '../../earn/earn.config.ts';
import { formatFixed, RATE_DECIMALS } from '@tidemark/futures-math';
import { CONTRACT_CONFIGS, CONTRACTS } from '../../futures/domain/contracts.ts';
import { CURRENCIES } from '../../market/currencies.ts';
import { MARKETS } from '../../spot/markets.ts';
import { loadWalletConfig } from '../../wallet/wallet.config.ts';

/**
 * Every figure the fee schedule shows, read from the same configuration the modules charge by, so a
 * fee changed in configuration changes the published schedule with it. Rates are decimal fractions
 * ("0.001" = 0.1 %), amounts decimal strings of their currency.
 */
export interface FeeFigures {
  /** The fee most spot markets charge, and every market that charges another (finance's overrides). */
  spot: {
    makerRate: string;
    takerRate: string;
    markets: Array<{ symbol: string; makerRate: string; takerRate: string }>;
  };
  convert: { spread: string; feeRate: string; quoteSeconds: number };
  /** The fee most contracts charge, and every contract that charges another (finance's overrides). */
  futures: {
    makerRate: string;
    takerRate: string;
    contracts: Array<{ symbol: string; makerRate: string; takerRate: string }>;
    liquidationRate: string;
    fundingHours: number;
  };
  cycle: {
    feeRate: string;
    minStake: string;
    maxStake: string;
    periods: Array<{ seconds: number; payoutRate: string }>;
  };
  earn: { graceMinutes: number; plans: Array<{ currency: string; lockDays: number; penaltyRate: string }> };
  chains: Array<{ currency: string; chain: string; withdrawFee: string; minWithdraw: string; minDeposit: string }>;
  bank: { feeRate: string; min: string };
}

/** The one value a field has across a list (a single fee published for all markets). */
function only<T, K extends keyof T>(items: readonly T[], key: K, what: string): T[K] {
  const values = items.map((item) => item[key]);
  const first = values[0];
  if (first === undefined || values.some((v) => v !== first))
    throw new Error(`the fee schedule shows one ${what}; the configuration has ${new Set(values).size}`);
  return first;
}

/** The value most items have (the first item's on a tie): the fee a schedule states as the rule. */
function usual<T, K extends keyof T>(items: readonly T[], key: K): T[K] {
  const counts = new Map<T[K], number>();
  for (const item of items) counts.set(item[key], (counts.get(item[key]) ?? 0) + 1);
  let best: T[K] | undefined;
  for (const [value, count] of counts) if (best === undefined || count > counts.get(best)!) best = value;
  if (best === undefined) throw new Error('the fee schedule shows a fee of no market');
  return best;
}

export function feeFigures(env: NodeJS.ProcessEnv = process.env): FeeFigures {
  const wallet = loadWalletConfig(env);
  const cycle = loadCycleConfig(env);
  return {
    spot: spotFigures(),
    convert: {
      spread: wallet.convert.spread,
      feeRate: wallet.convert.feeRate,
      quoteSeconds: wallet.convert.quoteMs / 1000,
    },
    futures: {
      ...futuresFeeFigures(),
      liquidationRate: only(CONTRACT_CONFIGS, 'liquidationFee', 'liquidation fee'),
      fundingHours: only(CONTRACT_CONFIGS, 'fundingIntervalHours', 'funding interval'),
    },
    cycle: { feeRate: cycle.feeRate, minStake: cycle.minStake, maxStake: cycle.maxStake, periods: cycle.periods },
    earn: {
      graceMinutes: only(PLAN_SEEDS, 'graceMinutes', 'revocation window'),
      plans: PLAN_SEEDS.map((p) => ({ currency: p.currency, lockDays: p.lockDays, penaltyRate: p.penaltyRate })),
    },
    chains: CURRENCIES.flatMap((c) =>
      c.chains.map((ch) => ({
        currency: c.code,
        chain: ch.chain,
        withdrawFee: ch.withdrawFee,
        minWithdraw: c.withdraw.min,
        minDeposit: ch.minDeposit,
      })),
    ),
    bank: wallet.bank,
  };
}

/**
 * Spot fees as charged now: finance may set one market's fees apart from the others (the market objects
 * carry the values in force), so the schedule states the usual fee and lists each market that differs.
 */
function spotFigures(): FeeFigures['spot'] {
  const makerRate = usual(MARKETS, 'makerFee');
  const takerRate = usual(MARKETS, 'takerFee');
  return {
    makerRate,
    takerRate,
    markets: MARKETS.filter((m) => m.makerFee !== makerRate || m.takerFee !== takerRate).map((m) => ({
      symbol: m.symbol,
      makerRate: m.makerFee,
      takerRate: m.takerFee,
    })),
  };
}

/** Futures fees as charged now, as spotFigures: the contract objects carry the rates in force. */
function futuresFeeFigures(): Pick<FeeFigures['futures'], 'makerRate' | 'takerRate' | 'contracts'> {
  const rates = CONTRACTS.map((c) => ({
    symbol: c.symbol,
    makerRate: formatFixed(c.makerFee, RATE_DECIMALS),
    takerRate: formatFixed(c.takerFee, RATE_DECIMALS),
  }));
  const makerRate = usual(rates, 'makerRate');
  const takerRate = usual(rates, 'takerRate');
  return {
    makerRate,
    takerRate,
    contracts: rates.filter((r) => r.makerRate !== makerRate || r.takerRate !== takerRate),
  };
}
