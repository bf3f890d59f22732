import { service } from '../../platform/context.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { registerChatDeskAdmin } from './chat-desk.admin.ts';
import { ChatDeskService } from './chat-desk.service.ts';
import { ChatHub } from './chat.hub.ts';
import { ChatService } from './chat.service.ts';
import { registerSupportAdminRoutes } from './support.admin.ts';
import { SupportConfigService } from './support-config.service.ts';
import { supportMessages } from './support.messages.ts';
import { registerSupportRoutes, registerSupportSocket } from './support.routes.ts';
import { TicketService } from './ticket.service.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    supportTickets: TicketService;
    supportChat: ChatService;
    supportHub: ChatHub;
  }
}

registerMessages(supportMessages);

/**
 * Help and support: tickets (spec /mine/addQuestion, /mine/questionRecord), the live chat with an
 * operator agent over a WebSocket, and the customer-service configuration (/xb/v1/tpaj/info).
 */
export const supportModule: Module = {
  name: 'support',
  async register(app, ctx) {
    const tickets = new TicketService({ db: ctx.db, clock: ctx.clock });
    const hub = new ChatHub();
    const chat = new ChatService({
      db: ctx.db,
      clock: ctx.clock,
      hub,
      tickets,
      audit: () => service(ctx, 'audit'),
    });
    const config = new SupportConfigService({ db: ctx.db, clock: ctx.clock });
    ctx.services.supportTickets = tickets;
    ctx.services.supportChat = chat;
    ctx.services.supportHub = hub;

    await registerSupportSocket(app, ctx, hub, chat);
    registerSupportRoutes(app, ctx, { tickets, chat, hub, config });
    registerSupportAdminRoutes(app, ctx, { tickets, chat, config });
    registerChatDeskAdmin(
      app,
      ctx,
      new ChatDeskService({ db: ctx.db, clock: ctx.clock, hub, audit: () => service(ctx, 'audit') }),
    );
  },
};
