import { DEFAULT_COUNTRY_CODE, type AccountType } from '@tidemark/contract/account-rules';
import type {
  AntiPhishingSetRequest,
  BindEmailRequest,
  BindPhoneRequest,
  ChangeEmailRequest,
  ChangeFundPasswordRequest,
  ChangePasswordRequest,
  LoginRequest,
  RegisterRequest,
  RetrieveRequest,
  SetFundPasswordRequest,
} from '@tidemark/contract';
import type { CodeTarget } from '../../../lib/send-code.ts';
import {
  bothChecked,
  checkForm,
  errorKeyFor,
  fields,
  type Checked,
  type FieldErrors,
} from '../../../components/form/field-checks.ts';

/**
 * What the account forms hold, and how each becomes the contract's request body (checked with the
 * contract's rules by components/form/field-checks.ts). On the sign-up, login and reset forms only
 * the fields of the chosen tab (e-mail or phone) are sent, so a half-typed value on the other tab
 * can neither block nor leak into the request.
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

type Target = { type: 'email'; email: string } | { type: 'phone'; countryCode: string; phone: string };

/** The e-mail, or the country code and phone, of the chosen tab. */
function checkTarget(f: TargetForm): Checked<Target> {
  if (f.type === 'email') {
    const r = checkForm({ email: f.email }, { email: fields.email });
    return r.ok ? { ok: true, value: { type: 'email', email: r.value.email } } : r;
  }
  const r = checkForm(
    { countryCode: f.countryCode, phone: f.phone },
    { countryCode: fields.countryCode, phone: fields.phone },
  );
  return r.ok ? { ok: true, value: { type: 'phone', ...r.value } } : r;
}

/** An address, the code sent to it and a new password typed twice: what sign-up and recovery both take. */
interface NewPasswordForm extends TargetForm {
  code: string;
  password: string;
  confirmPassword: string;
}

function checkNewPassword(f: NewPasswordForm) {
  const rest = checkForm(
    { code: f.code, password: f.password, confirmPassword: f.confirmPassword },
    { code: fields.code, password: fields.newPassword, confirmPassword: fields.confirmPassword },
    'password',
  );
  return bothChecked(checkTarget(f), rest);
}

export interface RegisterForm extends NewPasswordForm {
  inviteCode: string;
  agree: boolean;
}

export function checkRegister(f: RegisterForm): Checked<RegisterRequest> {
  const invite = checkForm({ inviteCode: f.inviteCode }, { inviteCode: fields.inviteCode });
  const agree: Checked<{ agree: true }> = f.agree
    ? { ok: true, value: { agree: true } }
    : { ok: false, errors: { agree: errorKeyFor('account.agreementRequired') } };
  const r = bothChecked(bothChecked(checkNewPassword(f), invite), agree);
  if (!r.ok) return r;
  const { inviteCode, ...body } = r.value;
  return { ok: true, value: inviteCode ? { ...body, inviteCode } : body };
}

export type RetrieveForm = NewPasswordForm;

export function checkRetrieve(f: RetrieveForm): Checked<RetrieveRequest> {
  return checkNewPassword(f);
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
 * is in use, so it also checks the e-mail or phone format and reports the error on that field. The
 * account is sent as typed (trimmed): the server finds the user by it.
 */
export function checkLogin(f: LoginForm): Checked<LoginRequest> {
  const name = f.type === 'email' ? 'email' : 'phone';
  const account = checkForm({ account: f.type === 'email' ? f.email : f.phone }, { account: fields.account });
  const none: Checked<object> = { ok: true, value: {} };
  const rest = bothChecked(
    checkForm({ password: f.password }, { password: fields.currentPassword }),
    bothChecked(
      f.totpRequired ? checkForm({ totpCode: f.totpCode }, { totpCode: fields.totpCode }) : none,
      f.loginCodeRequired ? checkForm({ loginCode: f.loginCode }, { loginCode: fields.code }) : none,
    ),
  );
  const target = checkTarget(f);
  if (account.ok && rest.ok && target.ok) {
    const countryCode = target.value.type === 'phone' ? { countryCode: target.value.countryCode } : {};
    return { ok: true, value: { account: account.value.account, ...countryCode, ...rest.value } };
  }
  // the account field of the contract is the e-mail or the phone field of the form
  const errors: FieldErrors = { ...(rest.ok ? {} : rest.errors) };
  if (!account.ok) errors[name] = account.errors.account!;
  return { ok: false, errors: { ...errors, ...(target.ok ? {} : target.errors) } };
}

/** Checks the address a code is about to be sent to; the send-code button refuses to call otherwise. */
export function checkCodeTarget(f: TargetForm): Checked<CodeTarget> {
  const r = checkTarget(f);
  if (!r.ok) return r;
  return {
    ok: true,
    value:
      r.value.type === 'email'
        ? { channel: 'email', email: r.value.email }
        : { channel: 'sms', countryCode: r.value.countryCode, phone: r.value.phone },
  };
}

export function checkChangePassword(f: {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}): Checked<ChangePasswordRequest> {
  return checkForm(
    f,
    { oldPassword: fields.currentPassword, password: fields.newPassword, confirmPassword: fields.confirmPassword },
    'password',
  );
}

export function checkSetFundPassword(f: {
  loginPassword: string;
  fundPassword: string;
  confirmPassword: string;
}): Checked<SetFundPasswordRequest> {
  return checkForm(
    f,
    {
      loginPassword: fields.currentPassword,
      fundPassword: fields.newFundPassword,
      confirmPassword: fields.confirmPassword,
    },
    'fundPassword',
  );
}

export function checkChangeFundPassword(f: {
  oldFundPassword: string;
  fundPassword: string;
  confirmPassword: string;
}): Checked<ChangeFundPasswordRequest> {
  return checkForm(
    f,
    {
      oldFundPassword: fields.currentFundPassword,
      fundPassword: fields.newFundPassword,
      confirmPassword: fields.confirmPassword,
    },
    'fundPassword',
  );
}

export function checkBindPhone(f: { countryCode: string; phone: string; code: string }): Checked<BindPhoneRequest> {
  return checkForm(f, { countryCode: fields.countryCode, phone: fields.phone, code: fields.code });
}

export function checkBindEmail(f: { email: string; code: string }): Checked<BindEmailRequest> {
  return checkForm(f, { email: fields.email, code: fields.code });
}

export function checkChangeEmail(f: { oldCode: string; email: string; newCode: string }): Checked<ChangeEmailRequest> {
  return checkForm(f, { oldCode: fields.code, email: fields.email, newCode: fields.code });
}

export function checkTotpCode(f: { code: string }): Checked<{ code: string }> {
  return checkForm(f, { code: fields.totpCode });
}

export function checkAntiPhishing(f: { code: string; password: string }): Checked<AntiPhishingSetRequest> {
  return checkForm(f, { code: fields.antiPhishingCode, password: fields.currentPassword });
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
