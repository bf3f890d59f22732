import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkCodeTarget,
  checkLogin,
  checkRegister,
  checkRetrieve,
  emptyTarget,
  inviteCodeFromSearch,
  type LoginForm,
  type RegisterForm,
} from './forms.ts';

const validRegister = (over: Partial<RegisterForm> = {}): RegisterForm => ({
  ...emptyTarget('email'),
  email: 'Ann@Example.com',
  code: '123456',
  password: 'abc123',
  confirmPassword: 'abc123',
  inviteCode: '',
  agree: true,
  ...over,
});

const validLogin = (over: Partial<LoginForm> = {}): LoginForm => ({
  ...emptyTarget('email'),
  email: 'ann@example.com',
  password: 'abc123',
  totpCode: '',
  totpRequired: false,
  loginCode: '',
  loginCodeRequired: false,
  ...over,
});

describe('register form', () => {
  it('builds the request of the chosen tab only', () => {
    const r = checkRegister(validRegister({ phone: 'junk' }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.email).toBe('ann@example.com');
    expect(r.value).not.toHaveProperty('phone');
    expect(r.value.inviteCode).toBeUndefined();
  });

  it('sends the phone with the default country prefix "1"', () => {
    const r = checkRegister(validRegister({ type: 'phone', email: '', phone: '5551234567' }));
    expect(r.ok && r.value.countryCode).toBe('1');
  });

  it.each([
    [{ email: '' }, 'email', 'account:errors.emailEmpty'],
    [{ email: 'ann@' }, 'email', 'account:errors.emailInvalid'],
    [{ type: 'phone' as const, phone: '' }, 'phone', 'account:errors.phoneEmpty'],
    [{ type: 'phone' as const, phone: '12ab' }, 'phone', 'account:errors.phoneInvalid'],
    [{ code: '12345' }, 'code', 'account:errors.codeInvalid'],
    [{ password: 'abcdef', confirmPassword: 'abcdef' }, 'password', 'account:errors.passwordRule'],
    [{ password: '', confirmPassword: '' }, 'password', 'account:errors.passwordEmpty'],
    [{ confirmPassword: 'abc124' }, 'confirmPassword', 'account:errors.passwordMismatch'],
    [{ agree: false }, 'agree', 'account:errors.agreementRequired'],
  ])('refuses %o on %s', (over, field, key) => {
    const r = checkRegister(validRegister(over));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[field]).toBe(key);
  });

  it('upper-cases an invite code', () => {
    const r = checkRegister(validRegister({ inviteCode: ' ab12cd34 ' }));
    expect(r.ok && r.value.inviteCode).toBe('AB12CD34');
  });

  it('accepts exactly the passwords of the rule (property)', () => {
    const rule = /^(?=.*[A-Za-z])(?=.*\d)[!-~]{6,20}$/;
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (pw) => {
        const r = checkRegister(validRegister({ password: pw, confirmPassword: pw }));
        expect(r.ok).toBe(rule.test(pw));
      }),
    );
  });
});

describe('retrieve form', () => {
  it('reports a mismatch with the spec message key', () => {
    const r = checkRetrieve({
      ...emptyTarget(),
      email: 'a@b.co',
      code: '000000',
      password: 'abc123',
      confirmPassword: 'x',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.confirmPassword).toBe('account:errors.passwordMismatch');
  });
});

describe('login form', () => {
  it('puts the e-mail into account', () => {
    const r = checkLogin(validLogin());
    expect(r).toEqual({ ok: true, value: { account: 'ann@example.com', password: 'abc123' } });
  });

  it('sends phone and country code', () => {
    const r = checkLogin(validLogin({ type: 'phone', phone: '5551234', countryCode: '+44' }));
    expect(r.ok && r.value).toEqual({ account: '5551234', countryCode: '44', password: 'abc123' });
  });

  it('shows errors on the visible fields', () => {
    const r = checkLogin(validLogin({ email: '', password: '' }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.email).toBe('account:errors.emailEmpty');
      expect(r.errors.password).toBe('account:errors.passwordEmpty');
      expect(r.errors).not.toHaveProperty('account');
    }
    const p = checkLogin(validLogin({ type: 'phone', phone: 'abc' }));
    expect(!p.ok && p.errors.phone).toBe('account:errors.phoneInvalid');
  });

  it('asks for the TOTP code only once the server required it', () => {
    expect(checkLogin(validLogin({ totpCode: '' })).ok).toBe(true);
    const r = checkLogin(validLogin({ totpRequired: true, totpCode: '12' }));
    expect(!r.ok && r.errors.totpCode).toBe('account:errors.totpInvalid');
    const ok = checkLogin(validLogin({ totpRequired: true, totpCode: '123456' }));
    expect(ok.ok && ok.value.totpCode).toBe('123456');
  });

  it('sends the e-mailed sign-in code only once the server required it, and checks its shape', () => {
    expect(checkLogin(validLogin({ loginCode: '999' })).ok).toBe(true);
    const r = checkLogin(validLogin({ loginCodeRequired: true, loginCode: '12' }));
    expect(!r.ok && r.errors.loginCode).toBe('account:errors.codeInvalid');
    const ok = checkLogin(validLogin({ loginCodeRequired: true, loginCode: '654321' }));
    expect(ok.ok && ok.value.loginCode).toBe('654321');
  });
});

describe('code target', () => {
  it('checks the address before a code is sent', () => {
    expect(checkCodeTarget({ ...emptyTarget('email') })).toEqual({
      ok: false,
      errors: { email: 'account:errors.emailEmpty' },
    });
    expect(checkCodeTarget({ ...emptyTarget('phone'), phone: '5551234' })).toEqual({
      ok: true,
      value: { channel: 'sms', countryCode: '1', phone: '5551234' },
    });
    const bad = checkCodeTarget({ ...emptyTarget('phone'), countryCode: '12345', phone: '5551234' });
    expect(!bad.ok && bad.errors.countryCode).toBe('account:errors.countryCodeInvalid');
  });
});

describe('invite link', () => {
  it('reads ?code= from the URL', () => {
    expect(inviteCodeFromSearch('?code=ab12cd34')).toBe('AB12CD34');
    expect(inviteCodeFromSearch('?x=1')).toBe('');
    expect(inviteCodeFromSearch('')).toBe('');
  });
});

describe('mismatch alongside other errors', () => {
  it('reports the mismatch even when another field is also wrong', () => {
    const r = checkRegister(validRegister({ email: '', password: 'abcdef', confirmPassword: 'abcdeg' }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.email).toBe('account:errors.emailEmpty');
      expect(r.errors.password).toBe('account:errors.passwordRule');
      expect(r.errors.confirmPassword).toBe('account:errors.passwordMismatch');
    }
  });
});
