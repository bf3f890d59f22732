import type { Module } from '../../platform/module.ts';
import { registerDevToolRoutes } from './dev-tools.routes.ts';
import { registerSystemRoutes } from './system.routes.ts';

/** Health, the mobile page configuration, and the development outbox and clock. */
export const systemModule: Module = {
  name: 'system',
  register(app, ctx) {
    registerSystemRoutes(app, ctx);
    registerDevToolRoutes(app, ctx);
  },
};
