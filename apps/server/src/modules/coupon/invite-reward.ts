import type { Db } from '../../platform/db/database.ts';
import type { AccountPort } from '../kyc/account-port.ts';
import type { ApprovedListener } from '../kyc/kyc.service.ts';
import type { CouponConfig } from './coupon.config.ts';
import type { CouponService } from './coupon.service.ts';

/**
 * The invite reward paid as a coupon: when an invitee's BASIC verification is approved, the inviter gets one
 * coupon for spot and futures fees (value and days from the configuration; off when COUPON_INVITE_KYC_VALUE=off).
 * Once per invitee: a second approval (advanced, or a re-approval) finds the reward key taken.
 */
export function inviteKycReward(deps: {
  config: CouponConfig;
  accounts: () => AccountPort;
  coupons: CouponService;
}): ApprovedListener {
  return async (tx: Db, approved) => {
    const tenths = deps.config.inviteKycTenths;
    if (tenths === null || approved.level !== 'basic') return;
    const invitee = await deps.accounts().getUser(approved.userId, tx);
    if (!invitee?.inviterId) return;
    const row = await deps.coupons.grantReward(tx, {
      userId: invitee.inviterId,
      tenths,
      days: deps.config.inviteKycDays,
      products: ['spot', 'futures'],
      key: `invite-kyc:${invitee.id}`,
      reason: 'invite:kyc',
    });
    if (row) return () => deps.coupons.book.add(row);
  };
}
