import { z } from 'zod';
import { parseDemoAmounts, type DemoFundsConfig } from './demo-funds.service.ts';

/**
 * Settings of the wallet, read from the environment once:
 * WALLET_ADDRESS_SEED        seed of the simulated chain's deposit address derivation
 * WALLET_RECORDS_MAX_DAYS    widest date range of the records calls (spec §9: a parameter)
 * CONVERT_QUOTE_SECONDS      how long a convert quote holds
 * CONVERT_SPREAD             spread over the index price a convert pays (published in each quote)
 * CONVERT_FEE_RATE           fee on the received amount (published in each quote)
 * CONVERT_MIN / CONVERT_MAX  from-amount limits (spec §5/§9: 0.001 … 1,000,000)
 * BANK_WITHDRAW_FEE_RATE / BANK_WITHDRAW_MIN  fee and minimum of a bank withdrawal (USDT)
 * SIMULATED_DEPOSIT_FOUR_EYES_ABOVE  USDT value (at the index) above which an operator's simulated
 *                            deposit needs a second operator's approval (default 10000; 0 = always)
 * DEMO_FUNDS                 what "Get demo funds" credits, e.g. "USDT:10000,BTC:0.5" (empty: none)
 * DEMO_FUNDS_INTERVAL_MINUTES  the least time between two demo grants to one user
 */
const schema = z.object({
  WALLET_ADDRESS_SEED: z.string().min(8).default('tidemark-simulated-chain'),
  WALLET_RECORDS_MAX_DAYS: z.coerce.number().int().min(1).max(3660).default(90),
  CONVERT_QUOTE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  CONVERT_SPREAD: z
    .string()
    .regex(/^0(\.\d{1,18})?$/)
    .default('0.002'),
  CONVERT_FEE_RATE: z
    .string()
    .regex(/^0(\.\d{1,18})?$/)
    .default('0.001'),
  CONVERT_MIN: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .default('0.001'),
  CONVERT_MAX: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .default('1000000'),
  BANK_WITHDRAW_FEE_RATE: z
    .string()
    .regex(/^0(\.\d{1,18})?$/)
    .default('0.01'),
  BANK_WITHDRAW_MIN: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .default('100'),
  SIMULATED_DEPOSIT_FOUR_EYES_ABOVE: z
    .string()
    .regex(/^\d+(\.\d{1,6})?$/)
    .default('10000'),
  DEMO_FUNDS: z.string().default('USDT:10000,BTC:0.5'),
  DEMO_FUNDS_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(60),
});

export interface WalletConfig {
  addressSeed: string;
  recordsMaxDays: number;
  convert: { quoteMs: number; spread: string; feeRate: string; min: string; max: string };
  bank: { feeRate: string; min: string };
  /** USDT value above which a simulated deposit needs a second operator (decimal string). */
  simulatedDepositFourEyesAbove: string;
  /** Demo funds (demo-funds.service.ts); only ever offered on the simulated chain outside production. */
  demoFunds: DemoFundsConfig;
}

export function loadWalletConfig(env: NodeJS.ProcessEnv = process.env): WalletConfig {
  const e = schema.parse(env);
  return {
    addressSeed: e.WALLET_ADDRESS_SEED,
    recordsMaxDays: e.WALLET_RECORDS_MAX_DAYS,
    convert: {
      quoteMs: e.CONVERT_QUOTE_SECONDS * 1000,
      spread: e.CONVERT_SPREAD,
      feeRate: e.CONVERT_FEE_RATE,
      min: e.CONVERT_MIN,
      max: e.CONVERT_MAX,
    },
    bank: { feeRate: e.BANK_WITHDRAW_FEE_RATE, min: e.BANK_WITHDRAW_MIN },
    simulatedDepositFourEyesAbove: e.SIMULATED_DEPOSIT_FOUR_EYES_ABOVE,
    demoFunds: { amounts: parseDemoAmounts(e.DEMO_FUNDS), intervalMs: e.DEMO_FUNDS_INTERVAL_MINUTES * 60_000 },
  };
}

/** Confirmations after which a deposit is credited, and after which it may be withdrawn (spec §4/§9). */
export const CREDIT_CONFIRMATIONS = 1;
export const UNLOCK_CONFIRMATIONS = 3;
export const ADDRESS_BOOK_MAX = 50;
