import type { Locale } from '@tidemark/contract';
import { service, type AppContext } from '../../platform/context.ts';
import { AppError, badRequest } from '../../platform/http/app-error.ts';
import type { CodeService, CodeTicket } from '../common/code.service.ts';

export interface SecretsInput {
  fundPassword: string;
  code?: string | undefined;
  codeChannel?: 'email' | 'sms' | undefined;
  totpCode?: string | undefined;
}

/**
 * The proofs a withdrawal needs: the fund password, a one-time code of purpose 'withdraw' sent to
 * the user's bound e-mail or phone, and the authenticator code when the user turned TOTP on.
 * Returns the code's ticket; the caller spends it inside its transaction.
 * The account and codes services are looked up on use (their modules may register after this one).
 */
export async function checkWithdrawSecrets(
  ctx: AppContext,
  userId: number,
  input: SecretsInput,
  _locale: Locale,
  opts: { needCode: boolean },
): Promise<CodeTicket | null> {
  const account = ctx.services.account;
  const user = account ? await account.getUser(userId) : null;
  if (!account || !user?.fundPasswordSet)
    throw badRequest('FUND_PASSWORD_NOT_SET', 'withdraw.fundPasswordNotSet', undefined, 'fundPassword');
  if (!(await account.verifyFundPassword(userId, input.fundPassword))) {
    throw badRequest('FUND_PASSWORD_WRONG', 'withdraw.fundPasswordWrong', undefined, 'fundPassword');
  }
  if (user.totpEnabled) {
    if (!input.totpCode) throw badRequest('TOTP_REQUIRED', 'withdraw.totpRequired', undefined, 'totpCode');
    if (!(await account.verifyTotp(userId, input.totpCode)))
      throw badRequest('TOTP_WRONG', 'withdraw.totpWrong', undefined, 'totpCode');
  }
  if (!opts.needCode) return null;
  const codes = ctx.services.codes;
  if (!codes) throw new AppError(503, 'CODES_UNAVAILABLE', 'error.internal');
  if (!input.code) throw badRequest('VALIDATION', 'validation.required', { field: 'code' }, 'code');
  const channel = input.codeChannel ?? (user.email ? 'email' : 'sms');
  const target = await codes.boundTarget(userId, channel);
  return codes.verify({ channel, target, purpose: 'withdraw', code: input.code, field: 'code' });
}

export function spendCode(ctx: AppContext, ticket: CodeTicket | null, tx: Parameters<CodeService['markUsed']>[1]) {
  if (!ticket) return Promise.resolve();
  return service(ctx, 'codes').markUsed(ticket, tx);
}
