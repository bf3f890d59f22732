import type { CouponProduct } from './coupon.schema.ts';

/** What a discounted fee entry carries: the fee to post and the memo that names the coupon. */
export interface DiscountedFee {
  fee: bigint;
  couponId: number;
  memo: string;
}

/**
 * The hook the trading modules call for every fee they are about to post. It answers from memory (no
 * database read per fill): the coupons of every user are held by the coupon module and kept current on
 * grant and by a periodic reload. Null when no coupon applies; the fee is then posted unchanged.
 */
export interface FeeDiscount {
  apply(userId: number, product: CouponProduct, symbol: string, atMs: number, fee: bigint): DiscountedFee | null;
}
