import type { Module } from '../../platform/module.ts';
import { startTableUpkeep, type TableUpkeep } from '../../platform/db/table-upkeep.ts';
import { registerDevToolRoutes } from './dev-tools.routes.ts';
import { registerSystemRoutes } from './system.routes.ts';

/** Per server (tests run several in one process). */
const upkeeps = new WeakMap<object, TableUpkeep>();

/** Health, the mobile page configuration, the development outbox and clock, and the tables' upkeep. */
export const systemModule: Module = {
  name: 'system',
  register(app, ctx) {
    registerSystemRoutes(app, ctx);
    registerDevToolRoutes(app, ctx);
  },
  start(ctx) {
    if (!ctx.config.tableUpkeepMs) return;
    upkeeps.set(
      ctx,
      startTableUpkeep(ctx.database, {
        intervalMs: ctx.config.tableUpkeepMs,
        onError: (err) => ctx.log.warn({ err }, 'table upkeep failed'),
      }),
    );
  },
  async stop(ctx) {
    await upkeeps.get(ctx)?.stop();
    upkeeps.delete(ctx);
  },
};
