import type { z } from 'zod';

/**
 * Turns a zod failure of one of the contract's request schemas into one translated-key message per
 * field, so a form shows the spec's messages (spec §5) before any call is made. The contract's zod
 * messages are server message keys (`account.emailEmpty`); the web keeps its own wording of each in
 * the `account` namespace under `errors.<name>`, so `account.emailEmpty` → `account:errors.emailEmpty`.
 */
export type FieldErrors = Record<string, string>;

/** The i18n key (namespace `account`) the form shows for one contract message key. */
export function errorKeyFor(messageKey: string): string {
  const m = /^(?:account|common|security)\.([A-Za-z]+)$/.exec(messageKey);
  return m ? `account:errors.${m[1]}` : 'account:errors.invalid';
}

/** The first message per field (the contract aborts a field at its first failing rule). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_form');
    if (!(field in out)) out[field] = errorKeyFor(issue.message);
  }
  return out;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** Validates form values with a contract schema; `value` is what the server will receive. */
export function check<S extends z.ZodType>(schema: S, values: unknown): Checked<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const errors = fieldErrorsOf(result.error);
  // zod runs the contract's password/confirm refinement only once every field parses; a form shows
  // the mismatch together with the other errors so the user fixes everything in one pass
  const v = values as { password?: unknown; fundPassword?: unknown; confirmPassword?: unknown } | null;
  if (v && typeof v.confirmPassword === 'string' && !errors.confirmPassword) {
    const first = v.fundPassword ?? v.password;
    if (typeof first === 'string' && first !== v.confirmPassword)
      errors.confirmPassword = errorKeyFor('account.passwordMismatch');
  }
  return { ok: false, errors };
}
