import { idField } from '@tidemark/contract';
import { z } from 'zod';
import { service, type AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import { registerMarketParameterRoutes } from '../market/market-parameters.routes.ts';
import { registerMarketStatusRoutes } from '../market/market-status.routes.ts';
import { CONTRACTS, contractOf } from './domain/contracts.ts';
import type { FuturesService } from './futures.service.ts';

/** The console's futures calls: the contract list, status and parameters, and a user's positions and orders. */
export function registerFuturesAdmin(app: Api, ctx: AppContext, futures: FuturesService): void {
  const params = service(ctx, 'marketParameters');
  registerMarketStatusRoutes(app, ctx, 'futures', () =>
    CONTRACTS.map((c) => ({
      symbol: c.symbol,
      base: c.base,
      quote: 'USDT',
      tickSize: c.tickSize,
      stepSize: c.stepSize,
      // the values in force: finance's overrides over the configuration
      ...params.current('futures', c.symbol),
      maxLeverage: c.maxLeverage,
    })),
  );
  registerMarketParameterRoutes(app, ctx, 'futures', (symbol) => contractOf(symbol) !== undefined);
  // the back office's user page: open positions and resting orders of one user
  app.post(
    '/admin/futures/user-positions',
    {
      preHandler: ctx.guards.operator('finance', 'support', 'compliance'),
      schema: { tags: ['admin'], body: z.object({ userId: idField }).strict() },
    },
    async (r) => ({
      positions: await futures.positions(r.body.userId),
      orders: await futures.openOrders(r.body.userId),
    }),
  );
}
