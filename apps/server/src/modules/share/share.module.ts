import { service } from '../../platform/context.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { shareMessages } from './share.messages.ts';
import { registerShareRoutes } from './share.routes.ts';
import { ShareService } from './share.service.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    share: ShareService;
  }
}

registerMessages(shareMessages);

/**
 * PnL share cards (docs/decisions/0027-alerts-and-share-cards.md): a PNG rendered on the server with satori and
 * resvg, of the caller's own settled cycle contract, closed futures position or staking order, with the invite code
 * and its QR code, in the caller's language.
 */
export const shareModule: Module = {
  name: 'share',
  register(app, ctx) {
    const share = new ShareService({
      account: service(ctx, 'account'),
      cycleContracts: service(ctx, 'cycleContracts'),
      futuresPositions: service(ctx, 'futuresPositions'),
      earnOrders: service(ctx, 'earnOrders'),
      publicUrl: ctx.config.publicUrl,
    });
    ctx.services.share = share;
    registerShareRoutes(app, ctx, share);
  },
};
