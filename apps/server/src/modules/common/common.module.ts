import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { service } from '../../platform/context.ts';
import { holdSecret } from './app-secret.ts';
import { CodeService } from './code.service.ts';
import { commonMessages } from './common.messages.ts';
import { registerCommonRoutes } from './common.routes.ts';
import { TempTokenService } from './temp-token.service.ts';
import { UploadService } from './upload.service.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    codes: CodeService;
    uploads: UploadService;
  }
}

registerMessages(commonMessages);

/**
 * Calls shared by several screens: the anti-abuse temp token, sending one-time codes by e-mail or
 * SMS, and image uploads. Publishes `codes` (CodeService) and `uploads` (UploadService).
 * The account service is looked up when a request needs it: the account module registers after
 * this one because it spends the codes issued here.
 */
export const commonModule: Module = {
  name: 'common',
  register(app, ctx) {
    const secret = holdSecret(ctx.db, 'common.hmac');
    const tempTokens = new TempTokenService({ secret, clock: ctx.clock });
    const accounts = () => service(ctx, 'account');
    const codes = new CodeService({
      db: ctx.db,
      clock: ctx.clock,
      secret,
      mailer: ctx.mailer,
      sms: ctx.sms,
      addressOf: (userId) => accounts().getUser(userId),
    });
    const uploadService = new UploadService({ db: ctx.db, storage: ctx.storage, clock: ctx.clock });
    ctx.services.codes = codes;
    ctx.services.uploads = uploadService;

    registerCommonRoutes(app, ctx, { tempTokens, codes, uploads: uploadService });
  },
};
