import { amountProblem } from './amounts.ts';
import type { WithdrawContext } from './withdraw-summary.ts';
import type { FieldProblem, WithdrawField, WithdrawState } from './withdraw-form.ts';

const SIX_DIGITS = /^\d{6}$/;

/**
 * What blocks the withdrawal, per field, in the order the server checks (keys of the `wallet`
 * namespace). The server checks again; these spare the user a round trip.
 */
export function withdrawErrors(s: WithdrawState, ctx: WithdrawContext): Partial<Record<WithdrawField, FieldProblem>> {
  const { currency } = ctx;
  const out: Partial<Record<WithdrawField, FieldProblem>> = {};
  if (!s.address.trim()) out.address = { key: 'withdraw.addressEmpty' };
  const problem = amountProblem(s.amount, currency.scale, {
    min: currency.min,
    max: currency.max,
    available: currency.withdrawable,
  });
  if (problem)
    out.amount = {
      key: `amountError.${problem}`,
      params: { min: currency.min, max: currency.max, scale: currency.scale, currency: currency.currency },
    };
  if (!SIX_DIGITS.test(s.fundPassword)) out.fundPassword = { key: 'withdraw.fundPasswordInvalid' };
  if (!SIX_DIGITS.test(s.code.trim())) out.code = { key: 'withdraw.codeInvalid' };
  if (ctx.totpEnabled && !SIX_DIGITS.test(s.totpCode.trim())) out.totpCode = { key: 'withdraw.totpInvalid' };
  return out;
}
