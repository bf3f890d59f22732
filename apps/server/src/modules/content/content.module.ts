import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { registerContentAdminRoutes } from './content.admin.ts';
import { contentMessages } from './content.messages.ts';
import { registerContentRoutes } from './content.routes.ts';
import { ContentService } from './content.service.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    content: ContentService;
  }
}

registerMessages(contentMessages);

/**
 * Notices, documents, the help centre and banners (spec §1, §2, §7): public reading calls at the
 * paths of the original app, and the content operator's calls under /admin/content.
 */
export const contentModule: Module = {
  name: 'content',
  register(app, ctx) {
    const content = new ContentService(ctx);
    ctx.services.content = content;

    registerContentRoutes(app, ctx, content);
    registerContentAdminRoutes(app, ctx, content);
  },
};
