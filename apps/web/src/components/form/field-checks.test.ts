import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '@tidemark/contract';
import { checkForm, errorKeyFor, fields, type FieldCheck } from './field-checks.ts';

const localesDir = path.resolve(import.meta.dirname, '../../locales');
const en = JSON.parse(fs.readFileSync(path.join(localesDir, 'en_us/account.json'), 'utf8')) as {
  errors: Record<string, string>;
};

/** Strings near every rule's edges: digits, letters, signs, spaces, controls, invisible and composed characters. */
const piece = fc.constantFrom(
  ...['1', '2', '0', '9', 'a', 'Z', 'x', '@', '.', '+', '#', '-', ' ', '\t', '\u0000', '\u200b', 'é', 'e\u0301', 'Ａ'],
  ...['\ud800', 'user', '@mail.com', '12345', '123456', 'abc123', 'ab'],
);
const typed = fc.oneof(
  fc.array(piece, { maxLength: 12 }).map((p) => p.join('')),
  fc.string({ maxLength: 30 }),
  fc.constant('x'.repeat(260)),
);

/** Each web field check and the contract field schema it mirrors (the server's verdict on one field). */
const pairs: [string, FieldCheck, z.ZodType][] = [
  ['email', fields.email, contract.emailField],
  ['phone', fields.phone, contract.phoneField],
  ['countryCode', fields.countryCode, contract.countryCodeField],
  ['newPassword', fields.newPassword, contract.passwordField],
  ['newFundPassword', fields.newFundPassword, contract.fundPasswordField],
  ['code', fields.code, contract.codeField],
  ['totpCode', fields.totpCode, contract.totpCodeField],
  ['currentPassword', fields.currentPassword, contract.ChangePasswordRequest.shape.oldPassword],
  ['currentFundPassword', fields.currentFundPassword, contract.ChangeFundPasswordRequest.shape.oldFundPassword],
  ['account', fields.account, contract.LoginRequest.shape.account],
  ['antiPhishingCode', fields.antiPhishingCode, contract.AntiPhishingSetRequest.shape.code],
];

describe('form field checks without zod', () => {
  it.each(pairs)('%s: accepts, rewrites and refuses as the contract does (property)', (_name, check, schema) => {
    fc.assert(
      fc.property(typed, (raw) => {
        const ours = check(raw);
        const theirs = schema.safeParse(raw);
        expect(ours.ok).toBe(theirs.success);
        if (ours.ok && theirs.success) expect(ours.value).toBe(theirs.data);
        if (!ours.ok && !theirs.success)
          expect(errorKeyFor(ours.message)).toBe(errorKeyFor(theirs.error.issues[0]!.message));
      }),
      { numRuns: 400 },
    );
  });

  it('reports every broken field at once, and a mismatch beside them', () => {
    const r = checkForm(
      { oldPassword: '', password: 'abc', confirmPassword: 'abd' },
      { oldPassword: fields.currentPassword, password: fields.newPassword, confirmPassword: fields.confirmPassword },
      'password',
    );
    expect(r).toEqual({
      ok: false,
      errors: {
        oldPassword: 'account:errors.passwordEmpty',
        password: 'account:errors.passwordRule',
        confirmPassword: 'account:errors.passwordMismatch',
      },
    });
    const ok = checkForm({ email: ' Ann@Example.com ', code: '123456' }, { email: fields.email, code: fields.code });
    expect(ok).toEqual({ ok: true, value: { email: 'ann@example.com', code: '123456' } });
  });

  it('has an English text for every message a field can produce', () => {
    for (const [, check] of pairs) {
      fc.assert(
        fc.property(typed, (raw) => {
          const r = check(raw);
          if (!r.ok) expect(en.errors).toHaveProperty(errorKeyFor(r.message).replace('account:errors.', ''));
        }),
        { numRuns: 200 },
      );
    }
    expect(en.errors.passwordMismatch).toBe('The new password and the confirmed password do not match');
  });
});
