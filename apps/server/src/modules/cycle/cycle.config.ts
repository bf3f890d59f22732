import { z } from 'zod';

/**
 * Settings of the cycle module, read from the environment once at start-up. They seed the product
 * table the first time (the operator changes products afterwards through /admin/cycle/…):
 * CYCLE_PERIODS             period seconds and payout rate (profit per unit staked on a win), e.g. 30:0.80,60:0.85
 * CYCLE_MIN_STAKE           minimum stake in USDT (spec §9: 100)
 * CYCLE_MAX_STAKE           maximum stake of one contract
 * CYCLE_USER_EXPOSURE       the most one user may have staked in open contracts at once
 * CYCLE_FEE_RATE            fee on the stake, charged at purchase (rounded up by at most one minor unit)
 * CYCLE_BLOCKED_COUNTRIES   ISO country codes switched off at first start (binary options are banned
 *                           for retail clients in the EEA and the UK and unregistered in the US)
 * CYCLE_SETTLE_GRACE_SECONDS  how long after the end a contract waits for a later tick before it
 *                           settles from what is stored (or is refunded when ticks are missing)
 * CYCLE_POOL_SEED           USDT of platform capital the seed moves into the cycle pool once
 */
const EEA_UK_US = 'AT,BE,BG,HR,CY,CZ,DK,EE,FI,FR,DE,GR,HU,IE,IT,LV,LT,LU,MT,NL,PL,PT,RO,SK,SI,ES,SE,IS,LI,NO,GB,US';

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const schema = z.object({
  CYCLE_PERIODS: z
    .string()
    .regex(/^\d+:\d+(\.\d{1,4})?(,\d+:\d+(\.\d{1,4})?)*$/)
    .default('30:0.80,60:0.85,120:0.85,300:0.88'),
  CYCLE_MIN_STAKE: decimal.default('100'),
  CYCLE_MAX_STAKE: decimal.default('50000'),
  CYCLE_USER_EXPOSURE: decimal.default('200000'),
  CYCLE_FEE_RATE: decimal.default('0.001'),
  CYCLE_BLOCKED_COUNTRIES: z.string().default(EEA_UK_US),
  CYCLE_SETTLE_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  CYCLE_POOL_SEED: decimal.default('1000000'),
});

export interface CycleConfig {
  periods: Array<{ seconds: number; payoutRate: string }>;
  minStake: string;
  maxStake: string;
  userExposure: string;
  feeRate: string;
  blockedCountries: string[];
  settleGraceMs: number;
  poolSeed: string;
}

export function loadCycleConfig(env: NodeJS.ProcessEnv = process.env): CycleConfig {
  const e = schema.parse(env);
  return {
    periods: e.CYCLE_PERIODS.split(',').map((p) => {
      const [seconds, payoutRate] = p.split(':');
      return { seconds: Number(seconds), payoutRate: payoutRate! };
    }),
    minStake: e.CYCLE_MIN_STAKE,
    maxStake: e.CYCLE_MAX_STAKE,
    userExposure: e.CYCLE_USER_EXPOSURE,
    feeRate: e.CYCLE_FEE_RATE,
    blockedCountries: e.CYCLE_BLOCKED_COUNTRIES.split(',')
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean),
    settleGraceMs: e.CYCLE_SETTLE_GRACE_SECONDS * 1000,
    poolSeed: e.CYCLE_POOL_SEED,
  };
}
