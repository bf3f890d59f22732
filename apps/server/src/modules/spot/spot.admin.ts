import { idField } from '@tidemark/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import { registerMarketParameterRoutes } from '../market/market-parameters.routes.ts';
import { registerMarketStatusRoutes } from '../market/market-status.routes.ts';
import { MARKETS, marketOf } from './markets.ts';
import type { SpotService } from './spot.service.ts';

/** The console's spot calls: the market list, status and parameters, and a user's resting orders. */
export function registerSpotAdmin(app: Api, ctx: AppContext, spot: SpotService): void {
  registerMarketStatusRoutes(app, ctx, 'spot', () =>
    MARKETS.map((m) => ({
      symbol: m.symbol,
      base: m.base,
      quote: m.quote,
      tickSize: m.tickSize,
      stepSize: m.stepSize,
      minNotional: m.minNotional,
      makerFee: m.makerFee,
      takerFee: m.takerFee,
    })),
  );
  registerMarketParameterRoutes(app, ctx, 'spot', (symbol) => marketOf(symbol) !== undefined);
  // the back office's user page: what the user has resting on the books
  app.post(
    '/admin/spot/user-orders',
    {
      preHandler: ctx.guards.operator('finance', 'support', 'compliance'),
      schema: { tags: ['admin'], body: z.object({ userId: idField }).strict() },
    },
    async (request) => spot.openOrders(request.body.userId),
  );
}
