import { service } from '../../platform/context.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { registerCouponAdmin } from './coupon.admin.ts';
import { loadCouponConfig } from './coupon.config.ts';
import { couponMessages } from './coupon.messages.ts';
import { registerCouponRoutes } from './coupon.routes.ts';
import { CouponService } from './coupon.service.ts';
import { inviteKycReward } from './invite-reward.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    coupons: CouponService;
  }
}

registerMessages(couponMessages);

/** Grants from other nodes reach this node's book within this time. */
const RELOAD_MS = 15_000;
const timers = new WeakMap<object, NodeJS.Timeout>();

/**
 * Fee-discount coupons (spec §9, docs/decisions/0026-coupons-and-responsible-trading.md): granted by finance
 * or by the invite reward, listed in the user centre, and applied to every spot and futures fee through the
 * fee hook the trading modules call (the coupon book, in memory). Publishes `ctx.services.coupons`.
 */
export const couponModule: Module = {
  name: 'coupon',
  register(app, ctx) {
    const spot = service(ctx, 'spot');
    const futures = service(ctx, 'futures');
    const accounts = () => service(ctx, 'account');
    const coupons = new CouponService({
      db: ctx.db,
      clock: ctx.clock,
      accounts,
      audit: service(ctx, 'audit'),
      knownSymbol: (product, symbol) => {
        if (product === 'futures') return futures.books.has(symbol);
        try {
          spot.sequencer(symbol);
          return true;
        } catch {
          return false;
        }
      },
    });
    ctx.services.coupons = coupons;
    spot.useFeeDiscount(coupons.book);
    futures.useFeeDiscount(coupons.book);
    service(ctx, 'kyc').onApproved(inviteKycReward({ config: loadCouponConfig(), accounts, coupons }));
    registerCouponRoutes(app, ctx, coupons);
    registerCouponAdmin(app, ctx, coupons);
  },
  async start(ctx) {
    const coupons = service(ctx, 'coupons');
    await coupons.reload();
    const timer = setInterval(() => {
      coupons.reload().catch((err) => ctx.log.warn({ err }, 'coupon reload failed'));
    }, RELOAD_MS);
    timer.unref();
    timers.set(ctx, timer);
  },
  stop(ctx) {
    clearInterval(timers.get(ctx));
  },
};
