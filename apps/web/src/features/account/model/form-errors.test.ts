import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import * as contract from '@tidemark/contract';
import { check, errorKeyFor } from './form-errors.ts';

const localesDir = path.resolve(import.meta.dirname, '../../../locales');
const en = JSON.parse(fs.readFileSync(path.join(localesDir, 'en_us/account.json'), 'utf8')) as {
  errors: Record<string, string>;
};

/** The request schemas the account screens validate with before calling. */
const schemas: [string, z.ZodType][] = [
  ['RegisterRequest', contract.RegisterRequest],
  ['LoginRequest', contract.LoginRequest],
  ['RetrieveRequest', contract.RetrieveRequest],
  ['ChangePasswordRequest', contract.ChangePasswordRequest],
  ['SetFundPasswordRequest', contract.SetFundPasswordRequest],
  ['ChangeFundPasswordRequest', contract.ChangeFundPasswordRequest],
  ['BindPhoneRequest', contract.BindPhoneRequest],
  ['BindEmailRequest', contract.BindEmailRequest],
  ['ChangeEmailRequest', contract.ChangeEmailRequest],
  ['TotpCodeRequest', contract.TotpCodeRequest],
];

describe('contract messages → web translations', () => {
  it('maps message keys into the account namespace', () => {
    expect(errorKeyFor('account.passwordMismatch')).toBe('account:errors.passwordMismatch');
    expect(errorKeyFor('Invalid input')).toBe('account:errors.invalid');
  });

  it('has an English text for every message any bad input can produce (property)', () => {
    const anyValue = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constant(''),
      fc.boolean(),
      fc.integer(),
      fc.constant(undefined),
    );
    const keys = [
      'type',
      'email',
      'countryCode',
      'phone',
      'code',
      'password',
      'confirmPassword',
      'oldPassword',
      'account',
      'inviteCode',
      'agree',
      'fundPassword',
      'oldFundPassword',
      'loginPassword',
      'oldCode',
      'newCode',
      'totpCode',
    ];
    const body = fc.record(Object.fromEntries(keys.map((k) => [k, anyValue])), { requiredKeys: [] });
    for (const [, schema] of schemas) {
      fc.assert(
        fc.property(body, (values) => {
          const r = check(schema, values);
          if (r.ok) return;
          for (const key of Object.values(r.errors)) {
            const name = key.replace('account:errors.', '');
            expect(en.errors, `${key}`).toHaveProperty(name);
          }
        }),
        { numRuns: 300 },
      );
    }
  });

  it('uses the spec wording for a mismatch', () => {
    expect(en.errors.passwordMismatch).toBe('The new password and the confirmed password do not match');
  });
});
