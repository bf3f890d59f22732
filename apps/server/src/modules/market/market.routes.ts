import { asciiText, epochMsField } from '@tidemark/contract';
import { CANDLE_INTERVAL_NAMES } from '@tidemark/contract/spot';
import { z } from 'zod';
import { badRequest } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import { INSTRUMENTS, instrumentOf } from './instruments.ts';
import type { PriceService } from './price.service.ts';

const MAX_TICKS_PER_CALL = 3600;

/** The public calls: latest index prices, stored ticks of a time range, index candles, the instrument list. */
export function registerMarketRoutes(app: Api, prices: PriceService): void {
  const instrument = asciiText({ max: 20 }).min(1);

  // latest index prices (public); every answer says whether the prices are simulated
  app.post(
    '/xb/v1/market/index',
    { schema: { tags: ['market'], body: z.object({ instrument: instrument.optional() }).strict() } },
    async (request) => {
      const { instrument: symbol } = request.body;
      if (symbol) {
        if (!instrumentOf(symbol))
          throw badRequest('UNKNOWN_INSTRUMENT', 'market.unknownInstrument', undefined, 'instrument');
        return { demo: prices.demo, prices: [prices.latest(symbol)] };
      }
      return { demo: prices.demo, prices: prices.all() };
    },
  );

  // stored ticks of one instrument in a time range (public, so anyone can re-check a settlement)
  app.post(
    '/xb/v1/market/ticks',
    {
      schema: {
        tags: ['market'],
        body: z.object({ instrument, from: epochMsField, to: epochMsField }).strict(),
      },
    },
    async (request) => {
      const { instrument: symbol, from, to } = request.body;
      if (!instrumentOf(symbol))
        throw badRequest('UNKNOWN_INSTRUMENT', 'market.unknownInstrument', undefined, 'instrument');
      if (to < from) throw badRequest('VALIDATION', 'market.badRange', undefined, 'to');
      const ticks = await prices.ticksWithSources(symbol, from, to, MAX_TICKS_PER_CALL);
      return {
        demo: prices.demo,
        instrument: symbol,
        ticks: ticks.map((x) => ({ ts: x.ts, price: x.price, demo: x.demo, sources: x.sources })),
      };
    },
  );

  app.post('/xb/v1/market/instruments', { schema: { tags: ['market'] } }, async () => ({
    demo: prices.demo,
    instruments: INSTRUMENTS.map((i) => ({ symbol: i.symbol, base: i.base, kind: i.kind })),
  }));

  // candles of the stored index ticks (public): what a market's chart shows before it has trades of its own
  app.post(
    '/xb/v1/market/candles',
    {
      schema: {
        tags: ['market'],
        body: z
          .object({
            instrument,
            interval: z.enum(CANDLE_INTERVAL_NAMES, 'market.badInterval'),
            from: epochMsField.optional(),
            to: epochMsField.optional(),
            limit: z.number().int().min(1).max(1000).default(300),
          })
          .strict(),
      },
    },
    async (request) => {
      const { instrument: symbol, interval, from, to, limit } = request.body;
      if (!instrumentOf(symbol))
        throw badRequest('UNKNOWN_INSTRUMENT', 'market.unknownInstrument', undefined, 'instrument');
      if (from !== undefined && to !== undefined && to < from)
        throw badRequest('VALIDATION', 'market.badRange', undefined, 'to');
      return {
        demo: prices.demo,
        instrument: symbol,
        interval,
        candles: await prices.candles(symbol, interval, { from, to, limit }),
      };
    },
  );
}
