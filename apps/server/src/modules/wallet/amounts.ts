import { formatUnits, isDecimalString } from '@tidemark/contract/money';
import { asciiText } from '@tidemark/contract';
import { badRequest } from '../../platform/http/app-error.ts';
import { currencyOf, type CurrencyConfig } from '../market/currencies.ts';
import { amountInput } from '../../platform/http/amount-input.ts';

/** A decimal string in a request body (shape only; the scale is checked against the currency). */
export const decimalField = asciiText({ max: 40 }).refine(
  (s) => isDecimalString(s) && !s.startsWith('-'),
  'validation.invalid',
);

/** A client request id: a retry carries the same one. */
export const requestIdField = asciiText({ max: 64 })
  .min(8)
  .regex(/^[\w-]+$/);

export function currencyOrFail(code: string, field = 'currency'): CurrencyConfig {
  const c = currencyOf(code);
  if (!c) throw badRequest('UNKNOWN_CURRENCY', 'wallet.unknownCurrency', undefined, field);
  return c;
}

/** Decimal string → minor units of the currency: more decimals than its scale, or ≤ 0, is refused. */
export function amountOrFail(text: string, currency: CurrencyConfig, field = 'amount'): bigint {
  const units = amountInput(text, currency.scale, field);
  if (units <= 0n) throw badRequest('VALIDATION', 'wallet.amountPositive', undefined, field);
  return units;
}

/** Minor units → decimal string of the currency (what JSON carries). */
export function show(units: bigint, currency: string | CurrencyConfig): string {
  const c = typeof currency === 'string' ? currencyOf(currency) : currency;
  if (!c) throw new Error(`unknown currency ${String(currency)}`);
  return formatUnits(units, c.scale);
}
