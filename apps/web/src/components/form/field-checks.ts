import {
  ANTI_PHISHING_RULE,
  CODE_RULE,
  COUNTRY_CODE_RULE,
  EMAIL_RULE,
  FUND_PASSWORD_RULE,
  PASSWORD_RULE,
  PHONE_RULE,
  TOTP_RULE,
} from '@tidemark/contract/account-rules';
import { hasForbiddenCharacters, hasInvisibleCharacters } from '@tidemark/contract/text-rules';

/**
 * The checks a form runs before it calls the server, field by field, with the contract's own rules
 * (patterns from account-rules.ts, characters from text-rules.ts) and its message keys, in the order
 * the contract's request schemas apply them. They carry no schema library, so a form screen does
 * not download zod; field-checks.test.ts holds them to the same answers as the contract's schemas.
 *
 * A message key of the contract (`account.emailEmpty`) is shown as the web's own wording of it in
 * the `account` namespace: `account:errors.emailEmpty`.
 */
export type FieldErrors = Record<string, string>;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** The i18n key (namespace `account`) a form shows for one contract message key. */
export function errorKeyFor(messageKey: string): string {
  const m = /^(?:account|common|security)\.([A-Za-z]+)$/.exec(messageKey);
  return m ? `account:errors.${m[1]}` : 'account:errors.invalid';
}

/** One field: the value the server will receive, or the contract's message key of its first broken rule. */
export type FieldCheck<T = string> = (raw: string) => { ok: true; value: T } | { ok: false; message: string };

interface FieldRule {
  /** Longest value (after trimming), as the contract's `text({ max })`. */
  max: number;
  /** Trim first (false for passwords, whose every character counts). */
  trim?: boolean;
  /** An identifier: NFC-normalized, no invisible characters (the contract's `identifier()`). */
  identifier?: boolean;
  /** The field's own message, which the contract also gives a value that is too long. */
  whole?: string;
  /** The message when the value is empty (no message: empty is then judged by `pattern`). */
  empty?: string;
  pattern?: RegExp;
  /** The message when `pattern` does not match. */
  message?: string;
  /** What the server makes of an accepted value (lower-cased e-mail, country code without "+"). */
  map?: (value: string) => string;
}

function field(rule: FieldRule): FieldCheck {
  return (raw) => {
    let v = rule.trim === false ? raw : raw.trim();
    if (v.length > rule.max) return { ok: false, message: rule.whole ?? 'validation.tooLong' };
    if (hasForbiddenCharacters(v)) return { ok: false, message: 'validation.forbiddenCharacters' };
    if (rule.identifier) {
      v = v.normalize('NFC');
      if (hasInvisibleCharacters(v)) return { ok: false, message: 'validation.forbiddenCharacters' };
    }
    if (rule.empty && v.length === 0) return { ok: false, message: rule.empty };
    if (rule.pattern && !rule.pattern.test(v)) return { ok: false, message: rule.message ?? 'validation.invalid' };
    return { ok: true, value: rule.map ? rule.map(v) : v };
  };
}

/** The account fields, as the contract's field schemas (packages/contract/src/account.ts) define them. */
export const fields = {
  email: field({
    whole: 'account.emailEmpty',
    max: 254,
    identifier: true,
    empty: 'account.emailEmpty',
    pattern: EMAIL_RULE,
    message: 'account.emailInvalid',
    map: (v) => v.toLowerCase(),
  }),
  phone: field({
    whole: 'account.phoneEmpty',
    max: 30,
    identifier: true,
    empty: 'account.phoneEmpty',
    pattern: PHONE_RULE,
    message: 'account.phoneInvalid',
  }),
  countryCode: field({
    whole: 'account.countryCodeInvalid',
    max: 10,
    identifier: true,
    pattern: COUNTRY_CODE_RULE,
    message: 'account.countryCodeInvalid',
    map: (v) => v.replace(/^\+/, ''),
  }),
  /** A new login password, under the password rule. */
  newPassword: field({
    whole: 'account.passwordEmpty',
    max: 200,
    trim: false,
    empty: 'account.passwordEmpty',
    pattern: PASSWORD_RULE,
    message: 'account.passwordRule',
  }),
  /** The current login password: only required (its rule may have changed since it was set). */
  currentPassword: field({ whole: 'account.passwordEmpty', max: 200, trim: false, empty: 'account.passwordEmpty' }),
  /** A new fund password: six digits. */
  newFundPassword: field({
    whole: 'account.fundPasswordRule',
    max: 200,
    trim: false,
    pattern: FUND_PASSWORD_RULE,
    message: 'account.fundPasswordRule',
  }),
  currentFundPassword: field({
    whole: 'account.fundPasswordRule',
    max: 200,
    trim: false,
    empty: 'account.fundPasswordRule',
  }),
  /** The second typing of a new password; `checkForm` compares it with the first. */
  confirmPassword: field({ whole: 'account.passwordMismatch', max: 200, trim: false }),
  code: field({ whole: 'account.codeInvalid', max: 20, pattern: CODE_RULE, message: 'account.codeInvalid' }),
  totpCode: field({ whole: 'account.totpInvalid', max: 20, pattern: TOTP_RULE, message: 'account.totpInvalid' }),
  /** The e-mail or phone a sign-in names, before the form knows which one it is. */
  account: field({ whole: 'account.accountEmpty', max: 254, identifier: true, empty: 'account.accountEmpty' }),
  /** An invite code as typed: upper-cased; empty means none. */
  inviteCode: field({ max: 20, identifier: true, map: (v) => v.toUpperCase() }),
  antiPhishingCode: field({
    whole: 'security.antiPhishingRule',
    max: 20,
    pattern: ANTI_PHISHING_RULE,
    message: 'security.antiPhishingRule',
  }),
} satisfies Record<string, FieldCheck>;

/**
 * Checks a form's fields together: every broken field is reported at once, and a `confirmPassword`
 * that differs from the field named by `confirms` is reported as a mismatch beside the other errors,
 * so the user fixes everything in one pass.
 */
export function checkForm<K extends string>(
  values: Record<K, string>,
  checks: Record<K, FieldCheck>,
  confirms?: NoInfer<K>,
): Checked<Record<K, string>> {
  const value = {} as Record<K, string>;
  const errors: FieldErrors = {};
  for (const key of Object.keys(checks) as K[]) {
    const r = checks[key](values[key]);
    if (r.ok) value[key] = r.value;
    else errors[key] = errorKeyFor(r.message);
  }
  if (confirms && !errors.confirmPassword && (values as Record<string, string>).confirmPassword !== values[confirms]) {
    errors.confirmPassword = errorKeyFor('account.passwordMismatch');
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}

/** Merges the results of two checks of one form. */
export function bothChecked<A extends object, B extends object>(a: Checked<A>, b: Checked<B>): Checked<A & B> {
  if (a.ok && b.ok) return { ok: true, value: { ...a.value, ...b.value } };
  return { ok: false, errors: { ...(a.ok ? {} : a.errors), ...(b.ok ? {} : b.errors) } };
}
