import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ChangePasswordRequest,
  LoginRequest,
  PASSWORD_RULE,
  RegisterRequest,
  SendSmsCodeRequest,
  SetFundPasswordRequest,
  emailField,
  phoneField,
} from './account.ts';

const firstIssue = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.success ? null : { field: r.error!.issues[0]!.path.join('.'), message: r.error!.issues[0]!.message };

describe('password rule', () => {
  it('accepts 6–20 characters with at least one letter and one digit, symbols allowed', () => {
    for (const ok of [
      'abc123',
      'A1b2C3',
      'a1234567890123456789',
      'Password1',
      'Tidemark#2026ok',
      'abc-123',
      'a1!@#$%^&*()_+{}',
    ])
      expect(PASSWORD_RULE.test(ok), ok).toBe(true);
    for (const bad of [
      '',
      'abcdef',
      '123456',
      '#!$%^&',
      'ab12',
      'a1234567890123456789x',
      'abc 123',
      'pässw0rd',
      'ab1\t23',
    ])
      expect(PASSWORD_RULE.test(bad), bad).toBe(false);
  });

  it('matches its definition for any string (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 25 }), (p) => {
        const expected = p.length >= 6 && p.length <= 20 && /^[!-~]*$/.test(p) && /[A-Za-z]/.test(p) && /\d/.test(p);
        expect(PASSWORD_RULE.test(p)).toBe(expected);
      }),
    );
  });
});

describe('e-mail and phone formats', () => {
  it('e-mail: empty and malformed get their own keys; valid ones are trimmed and lower-cased', () => {
    expect(firstIssue(emailField.safeParse(''))?.message).toBe('account.emailEmpty');
    expect(firstIssue(emailField.safeParse('   '))?.message).toBe('account.emailEmpty');
    for (const bad of ['plain', 'a@b', '@b.com', 'a b@c.com', 'a@b..com', 'a@.com']) {
      expect(firstIssue(emailField.safeParse(bad))?.message, bad).toBe('account.emailInvalid');
    }
    expect(emailField.parse('  Alice.Smith+x@Example.COM ')).toBe('alice.smith+x@example.com');
  });

  it('phone: 5–15 digits; country code 1–4 digits with an optional +', () => {
    expect(firstIssue(phoneField.safeParse(''))?.message).toBe('account.phoneEmpty');
    for (const bad of ['1234', '1234567890123456', '555-1234', '+15551234', 'abcdefg'])
      expect(firstIssue(phoneField.safeParse(bad))?.message, bad).toBe('account.phoneInvalid');
    for (const ok of ['12345', '5551234567', '123456789012345'])
      expect(phoneField.safeParse(ok).success, ok).toBe(true);
    expect(
      SendSmsCodeRequest.parse({ countryCode: '+852', phone: '91234567', purpose: 'bind', tempToken: 't' }).countryCode,
    ).toBe('852');
    expect(
      firstIssue(
        SendSmsCodeRequest.safeParse({ countryCode: '12345', phone: '91234567', purpose: 'bind', tempToken: 't' }),
      )?.message,
    ).toBe('account.countryCodeInvalid');
  });
});

describe('request bodies', () => {
  const register = {
    type: 'email',
    email: 'a@b.co',
    code: '123456',
    password: 'abc123',
    confirmPassword: 'abc123',
    agree: true,
  };

  it('register: the mismatch is reported on confirmPassword with the spec message key', () => {
    expect(firstIssue(RegisterRequest.safeParse({ ...register, confirmPassword: 'abc124' }))).toEqual({
      field: 'confirmPassword',
      message: 'account.passwordMismatch',
    });
    expect(firstIssue(RegisterRequest.safeParse({ ...register, agree: false }))).toEqual({
      field: 'agree',
      message: 'account.agreementRequired',
    });
    expect(firstIssue(RegisterRequest.safeParse({ ...register, type: 'phone' }))).toEqual({
      field: 'phone',
      message: 'account.phoneEmpty',
    });
    expect(firstIssue(RegisterRequest.safeParse({ ...register, email: undefined }))).toEqual({
      field: 'email',
      message: 'account.emailEmpty',
    });
    expect(firstIssue(RegisterRequest.safeParse({ ...register, code: '12a456' }))).toEqual({
      field: 'code',
      message: 'account.codeInvalid',
    });
    expect(RegisterRequest.parse({ ...register, inviteCode: ' ab12cd34 ' }).inviteCode).toBe('AB12CD34');
    expect(RegisterRequest.parse({ ...register, inviteCode: '' }).inviteCode).toBeUndefined();
  });

  it('change password and fund password', () => {
    expect(
      firstIssue(ChangePasswordRequest.safeParse({ oldPassword: 'x', password: 'abc123', confirmPassword: 'abc12' }))
        ?.message,
    ).toBe('account.passwordMismatch');
    expect(
      firstIssue(
        SetFundPasswordRequest.safeParse({ fundPassword: '12345a', confirmPassword: '12345a', loginPassword: 'x' }),
      )?.message,
    ).toBe('account.fundPasswordRule');
    expect(
      SetFundPasswordRequest.safeParse({ fundPassword: '123456', confirmPassword: '123456', loginPassword: 'x' })
        .success,
    ).toBe(true);
    expect(firstIssue(LoginRequest.safeParse({ account: ' ', password: 'x' }))?.message).toBe('account.accountEmpty');
  });
});
