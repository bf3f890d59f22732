import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { service } from '../../platform/context.ts';
import { AntiPhishingMailer } from '../../platform/mail/anti-phishing-mailer.ts';
import { registerAccountAdmin } from './account.admin.ts';
import { accountMessages } from './account.messages.ts';
import { AccountProtection } from './account-protection.service.ts';
import { registerAccountRoutes } from './account.routes.ts';
import { AccountService } from './account.service.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { registerProtectionRoutes } from './protection.routes.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    account: AccountService;
  }
}

registerMessages(accountMessages);

/**
 * Users: sign-up, login, recovery and the account centre. Publishes `account` (AccountService) for
 * the modules that need users (referral, KYC, wallet). Comes after `common`, whose codes it spends.
 */
export const accountModule: Module = {
  name: 'account',
  register(app, ctx) {
    const protection = new AccountProtection(ctx);
    const accounts = new AccountService({ db: ctx.db, clock: ctx.clock, protection });
    ctx.services.account = accounts;
    // every e-mail to a user who set an anti-phishing code carries it
    if (ctx.mailer instanceof AntiPhishingMailer)
      ctx.mailer.useLookup((email) => protection.antiPhishingCodeFor(email));
    const codes = service(ctx, 'codes');
    const routes = { ctx, accounts, codes, protection };
    registerAuthRoutes(app, routes);
    registerAccountRoutes(app, routes);
    registerProtectionRoutes(app, routes);
    registerAccountAdmin(app, ctx, protection);
  },
};
