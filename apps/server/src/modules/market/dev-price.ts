import { asciiText } from '@tidemark/contract';
import { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import { instrumentOf, PRICE_SCALE } from './instruments.ts';
import type { PriceSource } from './price-source.ts';
import { SimulatedFeed } from './simulated-feed.ts';

/**
 * The development price control: like the dev clock, it lets end-to-end tests steer what a test needs
 * (here: the index price reaching a take-profit). Only with DEV_PRICE_CONTROL=true (which config refuses in
 * production), never in production, and only on the SIMULATED feed — a live ccxt price is never overridden.
 */
export function devPriceControlAllowed(config: Config, source: PriceSource): source is SimulatedFeed {
  return config.devPriceControl && config.env !== 'production' && source instanceof SimulatedFeed;
}

/** A positive decimal with at most PRICE_SCALE decimals (the exact string the feed will quote). */
const PRICE = new RegExp(`^\\d{1,20}(\\.\\d{1,${PRICE_SCALE}})?$`);

/**
 * POST /api/dev/price/set {instrument, price}: the simulated feed quotes exactly `price` from its next tick
 * on (the walk resumes from it). That tick is stored append-only like any other, labelled demo, with the
 * source {'dev-override': price} so nobody mistakes it for the walk.
 */
export function registerDevPriceRoute(app: Api, feed: SimulatedFeed): void {
  app.post(
    '/dev/price/set',
    {
      schema: {
        tags: ['dev'],
        body: z
          .object({
            instrument: asciiText({ max: 20 }).min(1),
            price: z
              .string()
              .trim()
              .regex(PRICE, 'market.badPrice')
              .refine((p) => /[1-9]/.test(p), 'market.badPrice'),
          })
          .strict(),
      },
    },
    async (request) => {
      const { instrument, price } = request.body;
      if (!instrumentOf(instrument))
        throw badRequest('UNKNOWN_INSTRUMENT', 'market.unknownInstrument', undefined, 'instrument');
      return { instrument, price: feed.override(instrument, price), appliesFrom: 'next tick' };
    },
  );
}
