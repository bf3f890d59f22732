import type { AppContext } from '../../platform/context.ts';
import type { CodeService } from '../common/code.service.ts';
import type { AccountProtection } from './account-protection.service.ts';
import type { AccountService } from './account.service.ts';

/** What the account module's route files (auth, account centre, protection) are built with. */
export interface AccountRouteDeps {
  ctx: AppContext;
  accounts: AccountService;
  codes: CodeService;
  protection: AccountProtection;
}
