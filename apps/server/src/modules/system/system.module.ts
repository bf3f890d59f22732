import { identifier } from '@tidemark/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { OffsetClock } from '../../platform/clock.ts';
import type { Module } from '../../platform/module.ts';

/** Health, the mobile page configuration, and the development outbox. */
export const systemModule: Module = {
  name: 'system',
  register(app, ctx) {
    app.get('/health', { schema: { tags: ['system'] } }, async () => {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ok', database: ctx.database.kind, time: ctx.clock.now() };
    });

    app.post(
      '/xb/v1/common/load/wap/config',
      { schema: { tags: ['common'], body: z.object({}).optional() } },
      async () => ({ openH5AppDownload: ctx.config.appDownload.open, downloadUrl: ctx.config.appDownload.url }),
    );

    // Codes sent while no SMTP/SMS provider is configured: DEV_TOOLS=outbox only, never in production,
    // and only to a client on this machine (platform/dev-tools/dev-tools-guard.ts).
    if (ctx.config.env !== 'production' && ctx.config.devTools.outbox) {
      app.get(
        '/dev/outbox',
        { schema: { tags: ['dev'], querystring: z.object({ to: identifier({ max: 254 }).optional() }) } },
        async (request) => ({ messages: ctx.outbox.list(request.query.to) }),
      );
    }

    // Moves the server's clock forward (DEV_TOOLS=clock only; config refuses it in production).
    const clock = ctx.clock;
    if (ctx.config.env !== 'production' && ctx.config.devTools.clock && clock instanceof OffsetClock) {
      app.post(
        '/dev/clock/advance',
        {
          schema: {
            tags: ['dev'],
            body: z.object({
              ms: z
                .number()
                .int()
                .min(1)
                .max(400 * 86_400_000),
            }),
          },
        },
        async (request) => {
          clock.advance(request.body.ms);
          return { now: clock.now() };
        },
      );
    }
  },
};
