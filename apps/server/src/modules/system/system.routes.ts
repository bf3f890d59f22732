import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';

/** `/health` (the database answers) and the mobile page configuration. */
export function registerSystemRoutes(app: Api, ctx: AppContext): void {
  app.get('/health', { schema: { tags: ['system'] } }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok', database: ctx.database.kind, time: ctx.clock.now() };
  });

  app.post(
    '/xb/v1/common/load/wap/config',
    { schema: { tags: ['common'], body: z.object({}).optional() } },
    async () => ({ openH5AppDownload: ctx.config.appDownload.open, downloadUrl: ctx.config.appDownload.url }),
  );
}
