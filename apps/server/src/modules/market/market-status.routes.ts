import { text } from '@tidemark/contract';
import { z } from 'zod';
import { service, type AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import { MARKET_STATUSES, type MarketProduct } from './market-status.service.ts';

/**
 * The operator's market list and status switch of one product (spot or futures), registered by the
 * product's module with its own markets. Parameters (tick, step, minimum, fees) are shown as
 * configured; the only change is the status, finance's call, audited with its reason. No call here
 * touches a price, a book's orders or an outcome.
 */
export function registerMarketStatusRoutes<T extends { symbol: string }>(
  app: Api,
  ctx: AppContext,
  product: MarketProduct,
  markets: () => readonly T[],
): void {
  const status = () => service(ctx, 'marketStatus');
  const tags = ['admin'];
  app.post(
    `/admin/${product}/markets`,
    { preHandler: ctx.guards.operator('finance', 'support', 'compliance'), schema: { tags } },
    async () => ({ markets: markets().map((m) => ({ ...m, ...status().of(product, m.symbol) })) }),
  );
  app.post(
    `/admin/${product}/markets/status`,
    {
      preHandler: ctx.guards.operator('finance'),
      schema: {
        tags,
        body: z
          .object({
            symbol: text({ max: 20 }).toUpperCase().min(1),
            status: z.enum(MARKET_STATUSES),
            reason: text({ max: 500, multiline: true }).min(1),
          })
          .strict(),
      },
    },
    async (r) => {
      if (!markets().some((m) => m.symbol === r.body.symbol)) {
        throw badRequest('UNKNOWN_SYMBOL', 'market.unknownInstrument', undefined, 'symbol');
      }
      const audit = service(ctx, 'audit');
      return {
        symbol: r.body.symbol,
        ...(await status().set(audit, { product, ...r.body }, { operatorId: r.operator!.id, ip: r.ip })),
      };
    },
  );
}
