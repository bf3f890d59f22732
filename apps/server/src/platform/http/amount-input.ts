import { isDecimalString, MoneyFormatError, parseUnits } from '@tidemark/contract/money';
import { badRequest } from './app-error.ts';

/** The error key of an amount with more decimals than its asset holds (clients may branch on it). */
export const AMOUNT_SCALE = 'AMOUNT_SCALE';

/**
 * An amount typed by a client, as minor units at the asset's `scale`. The one rule for every
 * amount the server takes: a plain decimal string (no sign, no exponent) with at most `scale`
 * decimals (a sign only where `signed`, as for a correction); more decimals are refused, never rounded, with the same message in every module
 * ("Amount can have at most 6 decimal places"). Whether zero or a negative value is allowed is the
 * caller's business.
 */
export function amountInput(text: string, scale: number, field = 'amount', opts: { signed?: boolean } = {}): bigint {
  if (!isDecimalString(text) || (text.startsWith('-') && !opts.signed)) {
    throw badRequest('VALIDATION', 'validation.invalid', undefined, field);
  }
  try {
    return parseUnits(text, scale, 'exact');
  } catch (err) {
    if (err instanceof MoneyFormatError) throw badRequest(AMOUNT_SCALE, 'validation.amountScale', { scale }, field);
    throw err;
  }
}
