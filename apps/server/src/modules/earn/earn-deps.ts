import type { AppContext } from '../../platform/context.ts';
import { service } from '../../platform/context.ts';
import type { AccountService } from '../account/account.service.ts';
import type { AuditService } from '../operator/audit.service.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';

/** What the earn module uses of other modules: their published services, looked up on use. */
export interface EarnDeps {
  ctx: AppContext;
  ledger: () => LedgerService;
  accounts: () => AccountService;
  audit: () => AuditService;
}

export function earnDeps(ctx: AppContext): EarnDeps {
  return {
    ctx,
    ledger: () => service(ctx, 'ledger'),
    accounts: () => service(ctx, 'account'),
    audit: () => service(ctx, 'audit'),
  };
}
