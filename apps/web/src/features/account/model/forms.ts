import { z } from 'zod';
import {
  DEFAULT_COUNTRY_CODE,
  LoginRequest,
  RegisterRequest,
  RetrieveRequest,
  countryCodeField,
  emailField,
  phoneField,
  type AccountType,
} from '@tidemark/contract';
import type { CodeTarget } from '../../../lib/send-code.ts';
import { check, type Checked, type FieldErrors } from './form-errors.ts';

/**
 * What the sign-up, login and reset forms hold, and how each becomes the contract's request body.
 * Only the fields of the chosen tab (e-mail or phone) are sent, so a half-typed value on the other
 * tab can neither block nor leak into the request.
 */
export interface TargetForm {
  type: AccountType;
  email: string;
  countryCode: string;
  phone: string;
}

export const emptyTarget = (type: AccountType = 'email'): TargetForm => ({
  type,
  email: '',
  countryCode: DEFAULT_COUNTRY_CODE,
  phone: '',
});

function targetOf(f: TargetForm): { type: AccountType; email?: string; countryCode?: string; phone?: string } {
  return f.type === 'email'
    ? { type: 'email', email: f.email }
    : { type: 'phone', countryCode: f.countryCode, phone: f.phone };
}

export interface RegisterForm extends TargetForm {
  code: string;
  password: string;
  confirmPassword: string;
  inviteCode: string;
  agree: boolean;
}

export function checkRegister(f: RegisterForm): Checked<z.output<typeof RegisterRequest>> {
  return check(RegisterRequest, {
    ...targetOf(f),
    code: f.code,
    password: f.password,
    confirmPassword: f.confirmPassword,
    inviteCode: f.inviteCode,
    agree: f.agree,
  });
}

export interface RetrieveForm extends TargetForm {
  code: string;
  password: string;
  confirmPassword: string;
}

export function checkRetrieve(f: RetrieveForm): Checked<z.output<typeof RetrieveRequest>> {
  return check(RetrieveRequest, {
    ...targetOf(f),
    code: f.code,
    password: f.password,
    confirmPassword: f.confirmPassword,
  });
}

export interface LoginForm extends TargetForm {
  password: string;
  /** Shown and required only after the server answered TOTP_REQUIRED. */
  totpCode: string;
  totpRequired: boolean;
  /** Shown and required only after the server answered LOGIN_CODE_REQUIRED (repeated failed sign-ins). */
  loginCode: string;
  loginCodeRequired: boolean;
}

/**
 * The login body. The contract's LoginRequest takes any non-empty account; the form knows which tab
 * is in use, so it also checks the e-mail or phone format and reports the error on that field.
 */
const LoginByEmail = z.object({ email: emailField });
const LoginByPhone = z.object({ countryCode: countryCodeField, phone: phoneField });

export function checkLogin(f: LoginForm): Checked<z.output<typeof LoginRequest>> {
  const target = f.type === 'email' ? check(LoginByEmail, { email: f.email }) : check(LoginByPhone, f);
  const body = {
    account: f.type === 'email' ? f.email : f.phone,
    ...(f.type === 'phone' ? { countryCode: f.countryCode } : {}),
    password: f.password,
    ...(f.totpRequired ? { totpCode: f.totpCode } : {}),
    ...(f.loginCodeRequired ? { loginCode: f.loginCode } : {}),
  };
  const request = check(LoginRequest, body);
  if (target.ok && request.ok) return request;
  // the account field of the contract is the e-mail or the phone field of the form
  const errors = { ...(request.ok ? {} : request.errors) };
  if ('account' in errors) {
    errors[f.type === 'email' ? 'email' : 'phone'] = errors.account as string;
    delete errors.account;
  }
  return { ok: false, errors: { ...errors, ...(target.ok ? {} : target.errors) } };
}

/** Checks the address a code is about to be sent to; the send-code button refuses to call otherwise. */
const EmailTarget = z.object({ email: emailField });
const PhoneTarget = z.object({ countryCode: countryCodeField, phone: phoneField });

export function checkCodeTarget(
  f: TargetForm,
): Checked<{ channel: 'email'; email: string } | { channel: 'sms'; countryCode: string; phone: string }> {
  if (f.type === 'email') {
    const r = check(EmailTarget, { email: f.email });
    return r.ok ? { ok: true, value: { channel: 'email', email: r.value.email } } : r;
  }
  const r = check(PhoneTarget, { countryCode: f.countryCode, phone: f.phone });
  return r.ok ? { ok: true, value: { channel: 'sms', countryCode: r.value.countryCode, phone: r.value.phone } } : r;
}

/** The address a code goes to, or null after handing what is wrong with it to `report`. */
export function codeTargetOf(f: TargetForm, report: (errors: FieldErrors) => void): CodeTarget | null {
  const r = checkCodeTarget(f);
  if (r.ok) return r.value;
  report(r.errors);
  return null;
}

/** The invite code of an invite link (`/register?code=AB12CD34`), upper-cased; '' when absent. */
export function inviteCodeFromSearch(search: string): string {
  const code = new URLSearchParams(search).get('code');
  return code ? code.trim().toUpperCase().slice(0, 32) : '';
}
