import { asciiText, epochMsField, idField, text } from '@tidemark/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import type { CouponService } from './coupon.service.ts';

const product = z.enum(['spot', 'futures']);

/** The console's calls: finance grants a coupon (audited); finance, support and compliance see a user's coupons. */
export function registerCouponAdmin(app: Api, ctx: AppContext, coupons: CouponService): void {
  app.post(
    '/admin/coupon/grant',
    {
      preHandler: ctx.guards.operator('finance'),
      schema: {
        tags: ['admin'],
        body: z
          .object({
            userId: idField,
            // spec §9's value: 1 to 9.9, the user pays value × 10 % of the fee
            value: asciiText({ max: 3 }).regex(/^[1-9](\.\d)?$/, 'coupon.valueInvalid'),
            products: z.array(product).min(1).max(2),
            // none: every market of the products
            symbols: z
              .array(asciiText({ max: 40 }).regex(/^[A-Z0-9]{2,40}$/, 'coupon.symbolUnknown'))
              .max(50)
              .default([]),
            expiresAt: epochMsField,
            reason: text({ max: 500, multiline: true }).min(1, 'coupon.reasonEmpty'),
          })
          .strict(),
      },
    },
    async (request) => coupons.grantByOperator(request.operator!.id, request.body, request.ip),
  );

  app.post(
    '/admin/coupon/list',
    {
      preHandler: ctx.guards.operator('finance', 'support', 'compliance'),
      schema: { tags: ['admin'], body: z.object({ userId: idField }).strict() },
    },
    async (request) => coupons.listOf(request.body.userId),
  );
}
