import { idField, pageField, text, pageSizeField } from '@tidemark/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import { decimalField } from '../wallet/amounts.ts';
import { moneyCommandRoutes } from '../wallet/money-command-route.ts';
import type { EarnDeps } from './earn-deps.ts';
import { ORDER_STATES, SOURCE_WALLETS } from './earn.schema.ts';
import { listOrders, preview, redeem, revoke, subscribe } from './orders.service.ts';
import { listPlans, planOrFail, planView } from './plans.service.ts';

const id = idField;
const paging = {
  page: pageField,
  size: pageSizeField,
};

/** The app's earn calls (spec /lockMining, /confirmLock/{id}, /lockRecord). Plans are public; the rest need a session. */
export function registerEarnRoutes(app: Api, ctx: AppContext, deps: EarnDeps): void {
  const auth = { preHandler: ctx.guards.user };
  const tags = ['earn'];
  const uid = (r: { user?: { id: number } }) => r.user!.id;
  const moneyCommand = moneyCommandRoutes(ctx, tags);

  app.post('/xb/v1/earn/plans', { schema: { tags } }, async (r) => listPlans(deps, r.locale, false));
  app.post('/xb/v1/earn/plan', { schema: { tags, body: z.object({ id }).strict() } }, async (r) =>
    planView(deps, await planOrFail(ctx.db, r.body.id), r.locale),
  );
  app.post(
    '/xb/v1/earn/preview',
    { schema: { tags, body: z.object({ planId: id, amount: decimalField }).strict() } },
    async (r) => preview(deps, r.body),
  );
  app.post(
    '/xb/v1/earn/subscribe',
    moneyCommand({
      planId: id,
      amount: decimalField,
      wallet: z.enum(SOURCE_WALLETS),
      fundPassword: text({ trim: false, max: 64 }).min(1),
    }),
    async (r) => subscribe(deps, uid(r), r.body),
  );
  app.post(
    '/xb/v1/earn/orders',
    { ...auth, schema: { tags, body: z.object({ state: z.enum(ORDER_STATES).optional(), ...paging }).strict() } },
    async (r) => listOrders(deps, uid(r), r.body),
  );
  const orderCommand = moneyCommand({ orderId: id });
  app.post('/xb/v1/earn/redeem', orderCommand, async (r) => redeem(deps, uid(r), r.body));
  app.post('/xb/v1/earn/revoke', orderCommand, async (r) => revoke(deps, uid(r), r.body));
}
