import { z } from 'zod';
import { parseCouponValue } from './coupon-rule.ts';

/**
 * Invite rewards paid as coupons, read from the environment once at start-up:
 * COUPON_INVITE_KYC_VALUE  value of the coupon an inviter gets when an invitee's basic verification is
 *                          approved (spec §9 value, 1–9.9); "off" grants none. Default 8 (pay 80 % of the fee).
 * COUPON_INVITE_KYC_DAYS   how long that coupon runs (default 30)
 */
const schema = z.object({
  COUPON_INVITE_KYC_VALUE: z
    .string()
    .refine((v) => v === 'off' || parseCouponValue(v) !== null, 'off or a value from 1 to 9.9')
    .default('8'),
  COUPON_INVITE_KYC_DAYS: z.coerce.number().int().min(1).max(366).default(30),
});

export interface CouponConfig {
  /** tenths (10–99), or null: no invite reward */
  inviteKycTenths: number | null;
  inviteKycDays: number;
}

export function loadCouponConfig(env: NodeJS.ProcessEnv = process.env): CouponConfig {
  const e = schema.parse(env);
  return {
    inviteKycTenths: e.COUPON_INVITE_KYC_VALUE === 'off' ? null : parseCouponValue(e.COUPON_INVITE_KYC_VALUE),
    inviteKycDays: e.COUPON_INVITE_KYC_DAYS,
  };
}
