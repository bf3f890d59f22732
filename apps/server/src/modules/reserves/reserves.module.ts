import { idField, intBetween } from '@tidemark/contract';
import { z } from 'zod';
import { service } from '../../platform/context.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { loadReservesConfig } from './reserves.config.ts';
import { reservesMessages } from './reserves.messages.ts';
import { ReservesService } from './reserves.service.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    reserves: ReservesService;
  }
}

registerMessages(reservesMessages);

let timer: NodeJS.Timeout | null = null;
let everyMs = 0;

/** How many of the latest snapshots to list: 1 to 20, `fallback` when the body does not say. */
const latestBody = (fallback: number) =>
  z
    .object({ limit: intBetween(1, 20).default(fallback) })
    .strict()
    .default({ limit: fallback });

/**
 * Proof of reserves (docs/decisions/0023-proof-of-reserves.md): operator-published snapshots of every user's
 * liabilities as a Merkle-sum tree per currency beside the platform's holdings; the public latest snapshots;
 * each signed-in user's own inclusion proof. Reads the ledger and the holdings through their services.
 */
export const reservesModule: Module = {
  name: 'reserves',
  register(app, ctx) {
    // read here, not in start(): a bad value stops the start-up before the server listens
    everyMs = loadReservesConfig().everyMs;
    const reserves = new ReservesService({
      db: ctx.db,
      clock: ctx.clock,
      ledger: service(ctx, 'ledger'),
      holdings: service(ctx, 'holdings'),
      audit: service(ctx, 'audit'),
    });
    ctx.services.reserves = reserves;

    app.post(
      '/xb/v1/reserves/snapshots',
      {
        schema: {
          tags: ['reserves'],
          body: latestBody(5),
        },
      },
      async (request) => ({ snapshots: await reserves.latest(request.body.limit) }),
    );
    app.post(
      '/xb/v1/reserves/proof',
      {
        preHandler: ctx.guards.user,
        schema: { tags: ['reserves'], body: z.object({ snapshotId: idField.optional() }).strict().default({}) },
      },
      async (request) => reserves.proofsOf(request.user!.id, request.body.snapshotId),
    );

    const finance = ctx.guards.operator('finance');
    app.post(
      '/admin/reserves/snapshot',
      { preHandler: finance, schema: { tags: ['admin'], body: z.object({}).strict().default({}) } },
      async (request) => reserves.takeSnapshot({ source: 'console', operatorId: request.operator!.id, ip: request.ip }),
    );
    app.post(
      '/admin/reserves/list',
      {
        preHandler: finance,
        schema: {
          tags: ['admin'],
          body: latestBody(10),
        },
      },
      async (request) => ({ snapshots: await reserves.latest(request.body.limit) }),
    );
  },
  start(ctx) {
    if (!everyMs) return;
    timer = setInterval(() => {
      service(ctx, 'reserves')
        .takeSnapshot({ source: 'schedule', operatorId: null })
        .catch((e: unknown) => ctx.log.warn({ err: e }, 'scheduled proof-of-reserves snapshot failed'));
    }, everyMs);
  },
  stop() {
    if (timer) clearInterval(timer);
    timer = null;
  },
};
