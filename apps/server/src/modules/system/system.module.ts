import { sql } from 'drizzle-orm';
import { z } from 'zod';
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

    // Codes sent while no SMTP/SMS provider is configured. Absent in production.
    if (ctx.config.env !== 'production') {
      app.get(
        '/dev/outbox',
        { schema: { tags: ['dev'], querystring: z.object({ to: z.string().max(200).optional() }) } },
        async (request) => ({ messages: ctx.outbox.list(request.query.to) }),
      );
    }
  },
};
