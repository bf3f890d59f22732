import { asciiText, idField, pageField, pageSizeField } from '@tidemark/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import { INSTRUMENTS } from '../market/instruments.ts';
import { decimalField, requestIdField } from '../wallet/amounts.ts';
import { productView } from './catalog.service.ts';
import { buy, countriesOf, listContracts, quote, type ContractDeps } from './contract.service.ts';
import { CYCLE_RULE_VERSION } from './settle.ts';
import { verificationOf } from './verification.ts';

const instrument = asciiText({ max: 20 }).min(1);
const period = z.number().int().min(1).max(86_400);
const direction = z.enum(['up', 'down']);

/** The published rule, in the API as well as in docs/decisions/0005-cycle-settlement.md. */
export const CYCLE_RULES = {
  version: CYCLE_RULE_VERSION,
  ticks:
    'each index tick carries the time its price was observed (after the venues answered); ticks are stored in time order',
  entry: 'the first index tick with a time strictly after the purchase was committed',
  exit: 'the last index tick with a time at or before the end time (commit time + period, fixed at purchase)',
  up: 'wins when exit price > entry price',
  down: 'wins when exit price < entry price',
  refund:
    'equal prices, fewer than two index ticks between the commit and the end time, or no index tick within 5 seconds at or after the end time: the stake is returned (the fee is not)',
  close:
    'a contract is decided only once an index tick at or after its end time is stored, so no price observed before the end can still arrive',
  win: 'the stake back plus stake × payout rate, from the cycle pool',
  loss: 'the stake goes to the cycle pool',
  noSellBack: 'a contract cannot be sold or cancelled before its end',
  verify: 'POST /api/xb/v1/market/ticks {instrument, from, to} returns the stored ticks with their sources',
};

export function registerCycleRoutes(app: Api, ctx: AppContext, deps: ContractDeps) {
  const tags = ['cycle'];
  const user = { preHandler: ctx.guards.user };

  // public: what is offered, with payout, break-even win rate and house edge beside every period
  app.post('/xb/v1/cycle/products', { schema: { tags } }, async (request) => {
    const countries = await countriesOf(ctx, null, request.headers);
    const [products, off] = await Promise.all([deps.catalog.products(), deps.catalog.switchedOff()]);
    const blocked = countries.some((c) => off.country.has(c));
    return {
      demo: deps.prices.demo,
      countryBlocked: blocked,
      rules: CYCLE_RULES,
      instruments: INSTRUMENTS.map((i) => ({
        instrument: i.symbol,
        base: i.base,
        kind: i.kind,
        enabled: !off.instrument.has(i.symbol),
        periods: products
          .filter((p) => p.instrument === i.symbol)
          .map((p) => ({
            ...productView(p),
            enabled: p.enabled && !off.instrument.has(i.symbol) && !off.period.has(String(p.periodSeconds)),
          })),
      })).filter((i) => i.periods.length > 0),
    };
  });

  const quoteBody = z.object({ instrument, period, direction, stake: decimalField }).strict();
  app.post('/xb/v1/cycle/quote', { ...user, schema: { tags, body: quoteBody } }, async (request) =>
    quote(deps, request.user!.id, await countriesOf(ctx, request.user!.id, request.headers), request.body),
  );

  app.post(
    '/xb/v1/cycle/buy',
    {
      ...user,
      schema: {
        tags,
        body: quoteBody
          .extend({
            requestId: requestIdField,
            acceptRisk: z.boolean().optional(),
            // the `terms` of the quote (or product) the user saw: a purchase on terms they did not see is refused
            terms: asciiText({ max: 32 }).regex(/^[0-9a-f]{32}$/),
            payoutRate: asciiText({ max: 80 })
              .regex(/^\d{1,2}(\.\d{1,4})?$/)
              .optional(),
          })
          .strict(),
      },
    },
    async (request) =>
      buy(deps, request.user!.id, await countriesOf(ctx, request.user!.id, request.headers), request.body),
  );

  app.post(
    '/xb/v1/cycle/orders',
    {
      ...user,
      schema: {
        tags,
        body: z
          .object({
            status: z.enum(['open', 'history']).default('open'),
            page: pageField,
            size: pageSizeField,
          })
          .strict(),
      },
    },
    async (request) => listContracts(deps, request.user!.id, request.body.status, request.body.page, request.body.size),
  );

  // the back office's user page: one user's contracts, open or settled
  app.post(
    '/admin/cycle/user-orders',
    {
      preHandler: ctx.guards.operator('finance', 'support', 'compliance'),
      schema: {
        tags: ['admin'],
        body: z
          .object({
            userId: idField,
            status: z.enum(['open', 'history']).default('open'),
            page: pageField,
            size: pageSizeField,
          })
          .strict(),
      },
    },
    async (r) => listContracts(deps, r.body.userId, r.body.status, r.body.page, r.body.size),
  );

  // the verification detail of one of the caller's contracts
  app.post(
    '/xb/v1/cycle/order',
    { ...user, schema: { tags, body: z.object({ id: idField }).strict() } },
    async (request) => {
      const v = await verificationOf(ctx.db, deps.prices, request.body.id);
      if (!v || v.contract.userId !== request.user!.id) throw notFound('cycle.notFound');
      const { contract: _contract, view, ...rest } = v;
      // while open, the entry is already known once its tick is stored (the exit is not)
      const entry =
        view.status === 'open' && rest.recomputed.entry
          ? { buyPrice: rest.recomputed.entry.price, buyPriceTs: rest.recomputed.entry.ts }
          : {};
      return { ...view, ...entry, ...rest, rules: { ...rest.rules, text: CYCLE_RULES }, now: ctx.clock.now() };
    },
  );
}
