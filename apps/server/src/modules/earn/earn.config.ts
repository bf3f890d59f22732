/**
 * The configured plans (seeded once by code; the operator API edits them afterwards) and the
 * accrual job's interval. Amounts are decimal strings of the plan's currency; rates are daily
 * fractions ("0.0005" = 0.05 % a day). A range (rateMin < rateMax) publishes the bounds; a new
 * subscription gets the plan's current rate, which starts at the minimum of the range and moves
 * only when the operator publishes another value inside it — never at random, never per user.
 */
export interface PlanSeed {
  code: string;
  currency: string;
  lockDays: number;
  rateMin: string;
  rateMax: string;
  minAmount: string;
  maxAmount: string;
  capacity: string;
  penaltyRate: string;
  graceMinutes: number;
  sort: number;
}

export const PLAN_SEEDS: readonly PlanSeed[] = [
  {
    code: 'usdt-7',
    currency: 'USDT',
    lockDays: 7,
    rateMin: '0.0005',
    rateMax: '0.0005',
    minAmount: '10',
    maxAmount: '50000',
    capacity: '2000000',
    penaltyRate: '0.01',
    graceMinutes: 60,
    sort: 1,
  },
  {
    code: 'usdt-30',
    currency: 'USDT',
    lockDays: 30,
    rateMin: '0.0008',
    rateMax: '0.0012',
    minAmount: '100',
    maxAmount: '100000',
    capacity: '5000000',
    penaltyRate: '0.02',
    graceMinutes: 60,
    sort: 2,
  },
  {
    code: 'btc-15',
    currency: 'BTC',
    lockDays: 15,
    rateMin: '0.0002',
    rateMax: '0.0002',
    minAmount: '0.001',
    maxAmount: '5',
    capacity: '100',
    penaltyRate: '0.01',
    graceMinutes: 60,
    sort: 3,
  },
];

/**
 * Platform capital given to the staking-interest account by the seed, per currency, as one visible
 * journal entry (kind 'capital', from the outside world) — enough for the seeded plans to open.
 * The operator tops it up later with the wallet's two-operator adjustment (system: staking_interest).
 */
export const STAKING_CAPITAL: Readonly<Record<string, string>> = { USDT: '20000', BTC: '0.5' };

export interface EarnConfig {
  /** How often the accrual job looks for due days (a day change is noticed within this time). */
  jobMs: number;
}

export function loadEarnConfig(env: NodeJS.ProcessEnv = process.env): EarnConfig {
  const jobMs = Number(env.EARN_JOB_MS ?? 5000);
  if (!Number.isInteger(jobMs) || jobMs < 100)
    throw new Error(`EARN_JOB_MS must be an integer ≥ 100, got ${env.EARN_JOB_MS}`);
  return { jobMs };
}
