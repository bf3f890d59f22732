import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import type { CouponService } from './coupon.service.ts';

/** The app's call: the user's own coupons (user centre), all or by state. */
export function registerCouponRoutes(app: Api, ctx: AppContext, coupons: CouponService): void {
  app.post(
    '/xb/v1/coupon/list',
    {
      preHandler: ctx.guards.user,
      schema: {
        tags: ['coupon'],
        body: z
          .object({ status: z.enum(['active', 'expired']).optional() })
          .strict()
          .default({}),
      },
    },
    async (request) => coupons.listOf(request.user!.id, request.body.status),
  );
}
