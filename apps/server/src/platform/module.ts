import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';

export type Api = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A domain module: registers its messages, services and routes. `start`/`stop` run background
 * work (jobs, feeds) after the server listens and before it closes.
 */
export interface Module {
  name: string;
  register(app: Api, ctx: AppContext): Promise<void> | void;
  start?(ctx: AppContext): Promise<void> | void;
  stop?(ctx: AppContext): Promise<void> | void;
}
