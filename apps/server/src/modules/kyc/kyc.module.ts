import { service } from '../../platform/context.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { registerKycAdmin } from './kyc.admin.ts';
import { kycMessages } from './kyc.messages.ts';
import { registerKycRoutes } from './kyc.routes.ts';
import { KycService } from './kyc.service.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    kyc: KycService;
  }
}

registerMessages(kycMessages);

/**
 * Identity verification (spec §4–§6): basic (name, ID number, country, document type) then
 * advanced (three photos), each reviewed by a compliance operator. Publishes `ctx.services.kyc`,
 * through which the wallet reads the level and its limits.
 */
export const kycModule: Module = {
  name: 'kyc',
  register(app, ctx) {
    const kyc = new KycService({
      db: ctx.db,
      clock: ctx.clock,
      storage: ctx.storage,
      // resolved on use: the account module registers them before this one
      accounts: () => service(ctx, 'account'),
      uploads: () => service(ctx, 'uploads'),
      audit: service(ctx, 'audit'),
      maxPhotoBytes: ctx.config.uploadMaxBytes,
    });
    ctx.services.kyc = kyc;

    registerKycRoutes(app, ctx, kyc);
    registerKycAdmin(app, ctx, kyc);
  },
};
