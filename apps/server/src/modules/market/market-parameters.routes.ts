import { text } from '@tidemark/contract';
import { parseRate, parseUnits } from '@tidemark/contract/money';
import { z } from 'zod';
import { service, type AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import type { MarketParameters } from './market-parameters.service.ts';
import type { MarketProduct } from './market-status.service.ts';

/** The highest fee finance may set from the console (1 %): a slip of a digit is refused, not published. */
const MAX_FEE = parseRate('0.01');
const decimal = text({ max: 30 }).regex(/^\d+(\.\d+)?$/);

/**
 * Finance's change of a market's fees and minimum, registered by the product's module. The change is
 * stored with its audit entry and holds for orders placed after it. Tick size and quantity step are
 * refused: resting orders and trades are stored in ticks and lots of the current units (decision 0021).
 * Nothing here sets a price or touches a book's orders.
 */
export function registerMarketParameterRoutes(
  app: Api,
  ctx: AppContext,
  product: MarketProduct,
  knows: (symbol: string) => boolean,
): void {
  const params = () => service(ctx, 'marketParameters');
  app.post(
    `/admin/${product}/markets/parameters`,
    {
      preHandler: ctx.guards.operator('finance'),
      schema: {
        tags: ['admin'],
        body: z
          .object({
            symbol: text({ max: 20 }).toUpperCase().min(1),
            makerFee: decimal.optional(),
            takerFee: decimal.optional(),
            minNotional: decimal.optional(),
            tickSize: decimal.optional(),
            stepSize: decimal.optional(),
            reason: text({ max: 500, multiline: true }).min(1),
          })
          .strict(),
      },
    },
    async (r) => {
      const { symbol, reason, tickSize, stepSize, ...values } = r.body;
      if (!knows(symbol)) throw badRequest('UNKNOWN_SYMBOL', 'market.unknownInstrument', undefined, 'symbol');
      if (tickSize !== undefined || stepSize !== undefined) {
        throw badRequest(
          'UNITS_FIXED',
          'market.unitsFixed',
          undefined,
          tickSize !== undefined ? 'tickSize' : 'stepSize',
        );
      }
      for (const field of ['makerFee', 'takerFee'] as const) {
        const v = values[field];
        if (v !== undefined && !validFee(v)) throw badRequest('VALIDATION', 'market.badParameter', undefined, field);
      }
      if (values.minNotional !== undefined && !validMinimum(values.minNotional)) {
        throw badRequest('VALIDATION', 'market.badParameter', undefined, 'minNotional');
      }
      const audit = service(ctx, 'audit');
      const after: MarketParameters = await params().set(
        audit,
        { product, symbol, values: normalize(values), reason },
        { operatorId: r.operator!.id, ip: r.ip },
      );
      return { symbol, ...after };
    },
  );
}

function validFee(v: string): boolean {
  try {
    const rate = parseUnits(v, 8, 'exact');
    return rate >= 0n && parseRate(v) <= MAX_FEE;
  } catch {
    return false;
  }
}

function validMinimum(v: string): boolean {
  try {
    return parseUnits(v, 6, 'exact') > 0n;
  } catch {
    return false;
  }
}

/** "0.00100" and "0.001" are one rate: stored in the shortest form so a no-op change is seen as one. */
function normalize(values: Partial<MarketParameters>): Partial<MarketParameters> {
  const out: Partial<MarketParameters> = {};
  for (const [k, v] of Object.entries(values) as Array<[keyof MarketParameters, string | undefined]>) {
    if (v === undefined) continue;
    const trimmed = v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;
    out[k] = trimmed.replace(/^0+(?=\d)/, '');
  }
  return out;
}
