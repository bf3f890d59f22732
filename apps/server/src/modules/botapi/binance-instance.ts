import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { ApiKeyService, ResolvedKey } from './api-key.service.ts';
import { BinanceError, sendBinanceError, type AppErrorCodes } from './binance-error.ts';
import { BinanceParams } from './binance-params.ts';
import type { ListenKeys } from './listen-keys.ts';
import type { AreaCounters } from './limit-counters.ts';
import type { BotApiLimits } from './request-weight.ts';
import { partsOf, verifyKey, verifySigned } from './signed-request.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Binance request weight of a bot-API route (counted per IP per minute). */
    weight?: number;
  }
}

export interface BotApiDeps {
  ctx: AppContext;
  keys: ApiKeyService;
  limits: BotApiLimits;
  /** This API's own counters (spot and futures count apart), in process or shared through Redis. */
  counters: AreaCounters;
  listenKeys: ListenKeys;
}

type Need = 'public' | 'apikey' | 'read' | 'trade' | 'withdraw';
type Handler = (p: BinanceParams, request: FastifyRequest, key: ResolvedKey | null) => Promise<unknown> | unknown;

/**
 * Binance-compatible routes: form bodies kept as sent (the signature covers them byte for byte),
 * Binance's error shape, request weight in X-MBX-USED-WEIGHT-1M and a refusal (-1003, 429) past the
 * limit. Registered on an encapsulated instance so the app's envelope and error handler stay as they are.
 */
export function binanceInstance(
  api: FastifyInstance,
  deps: BotApiDeps,
  errorCodes: AppErrorCodes = {},
): {
  route: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, weight: number, need: Need, handler: Handler) => void;
} {
  const { ctx, keys, limits } = deps;
  const { weights, orders } = deps.counters;
  api.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  api.setErrorHandler((error, request, reply) => sendBinanceError(error as Error, request, reply, errorCodes));
  api.addHook('onRequest', async (request, reply) => {
    const weight = request.routeOptions.config?.weight ?? 1;
    const used = await weights.add(`ip:${request.ip}`, weight, ctx.clock.now());
    reply.header('x-mbx-used-weight-1m', String(used));
    reply.header('x-mbx-used-weight', String(used));
    if (used > limits.weightPerMinute) {
      reply.header('retry-after', String(60 - Math.floor((ctx.clock.now() % 60_000) / 1000)));
      throw new BinanceError(
        -1003,
        `Too much request weight used; current limit is ${limits.weightPerMinute} request weight per 1 MINUTE.`,
        429,
      );
    }
  });
  const route = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    weight: number,
    need: Need,
    handler: Handler,
  ) => {
    api.route({
      method,
      url,
      // documented on /api/docs/bot rather than in the app's OpenAPI (Binance's parameters are not JSON bodies)
      schema: { hide: true },
      config: { envelope: false, weight },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const parts = partsOf(request);
        const key =
          need === 'public'
            ? null
            : need === 'apikey'
              ? await verifyKey(request, keys)
              : await verifySigned(request, parts, keys, ctx.clock, need);
        if (key && method === 'POST' && (url.endsWith('/order') || url.endsWith('/order/oco'))) {
          const n = await orders.add(`key:${key.id}`, 1, ctx.clock.now());
          reply.header('x-mbx-order-count-10s', String(n));
          if (n > limits.ordersPer10s)
            throw new BinanceError(
              -1015,
              `Too many new orders; current limit is ${limits.ordersPer10s} orders per 10 SECOND.`,
              429,
            );
        }
        return handler(new BinanceParams(parts.params), request, key);
      },
    });
  };
  return { route };
}
