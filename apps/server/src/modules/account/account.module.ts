import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { service } from '../../platform/context.ts';
import type { CodeService } from '../common/code.service.ts';
import { accountMessages } from './account.messages.ts';
import { registerAccountRoutes } from './account.routes.ts';
import { AccountService } from './account.service.ts';
import { registerAuthRoutes } from './auth.routes.ts';

registerMessages(accountMessages);

/**
 * Users: sign-up, login, recovery and the account centre. Publishes `account` (AccountService) for
 * the modules that need users (referral, KYC, wallet). Comes after `common`, whose codes it spends.
 */
export const accountModule: Module = {
  name: 'account',
  register(app, ctx) {
    const accounts = new AccountService(ctx.db, ctx.clock);
    ctx.services.account = accounts;
    const codes = service<CodeService>(ctx, 'codes');
    registerAuthRoutes(app, ctx, accounts, codes);
    registerAccountRoutes(app, ctx, accounts, codes);
  },
};
