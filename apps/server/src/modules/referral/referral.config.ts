import { z } from 'zod';
import { parseUnits } from '@tidemark/contract/money';

/**
 * Settings of the invite rewards, read from the environment once at start-up:
 * REFERRAL_RATE_LEVEL1  share of a direct invitee's trading fee paid to the inviter (decimal, default 0.2)
 * REFERRAL_RATE_LEVEL2  share paid to the inviter's inviter (default 0.1); the two together at most 1
 * REFERRAL_JOB_MS       how often new fee postings are looked for (default 5000)
 */
const rate = z.string().regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, 'a decimal between 0 and 1 with at most 4 decimals');
const schema = z.object({
  REFERRAL_RATE_LEVEL1: rate.default('0.2'),
  REFERRAL_RATE_LEVEL2: rate.default('0.1'),
  REFERRAL_JOB_MS: z.coerce.number().int().min(100).default(5000),
});

export interface ReferralConfig {
  /** basis points (1/10000) */
  level1Bps: number;
  level2Bps: number;
  jobMs: number;
}

/** The score every account starts with (the users table's default; spec §3 "a published value"). */
export const CREDIT_SCORE_START = 100;

export function loadReferralConfig(env: NodeJS.ProcessEnv = process.env): ReferralConfig {
  const e = schema.parse(env);
  const level1Bps = Number(parseUnits(e.REFERRAL_RATE_LEVEL1, 4));
  const level2Bps = Number(parseUnits(e.REFERRAL_RATE_LEVEL2, 4));
  if (level1Bps + level2Bps > 10_000) throw new Error('REFERRAL_RATE_LEVEL1 + REFERRAL_RATE_LEVEL2 must not exceed 1');
  return { level1Bps, level2Bps, jobMs: e.REFERRAL_JOB_MS };
}

/** Basis points → the published decimal string ("0.2"). */
export function bpsToRate(bps: number): string {
  const s = (bps / 10_000).toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
  return s;
}
