import { z } from 'zod';
import { idField } from './numbers.ts';
import {
  ACCOUNT_TYPES,
  CODE_PURPOSES,
  CODE_RULE,
  COUNTRY_CODE_RULE,
  EMAIL_RULE,
  FUND_PASSWORD_RULE,
  PASSWORD_RULE,
  PHONE_RULE,
  TOTP_RULE,
  type AccountType,
} from './account-rules.ts';
import { identifier, text } from './text.ts';

/**
 * Accounts: sign-up, login, password recovery and the account centre (product spec §5).
 * The zod messages are message keys: the server localizes them from its message tables and the web
 * app maps the same keys to its own translations. Every request body of the account and common
 * areas is defined here so server and forms validate the same way.
 */

// The shared rules (patterns, lifetimes, purposes) live without zod in account-rules.ts, which the
// web forms read without pulling zod into their screens.
export * from './account-rules.ts';

// ---------------------------------------------------------------------------------------------
// Field schemas (each check aborts so the first failing rule is the one reported)
// ---------------------------------------------------------------------------------------------

/** A password as typed: never trimmed (every character counts), under the shared text rule. */
const passwordText = (message: string) => text({ message, trim: false, max: 200 });

export const emailField = identifier({ message: 'account.emailEmpty', max: 254 })
  .min(1, { error: 'account.emailEmpty', abort: true })
  .regex(EMAIL_RULE, 'account.emailInvalid')
  .transform((v) => v.toLowerCase());

export const phoneField = identifier({ message: 'account.phoneEmpty', max: 30 })
  .min(1, { error: 'account.phoneEmpty', abort: true })
  .regex(PHONE_RULE, 'account.phoneInvalid');

export const countryCodeField = identifier({ message: 'account.countryCodeInvalid', max: 10 })
  .regex(COUNTRY_CODE_RULE, 'account.countryCodeInvalid')
  .transform((v) => v.replace(/^\+/, ''));

export const passwordField = passwordText('account.passwordEmpty')
  .min(1, { error: 'account.passwordEmpty', abort: true })
  .regex(PASSWORD_RULE, 'account.passwordRule');

export const fundPasswordField = passwordText('account.fundPasswordRule').regex(
  FUND_PASSWORD_RULE,
  'account.fundPasswordRule',
);

export const codeField = text({ message: 'account.codeInvalid', max: 20 }).regex(CODE_RULE, 'account.codeInvalid');
export const totpCodeField = text({ message: 'account.totpInvalid', max: 20 }).regex(TOTP_RULE, 'account.totpInvalid');
export const codePurposeField = z.enum(CODE_PURPOSES, 'account.purposeInvalid');
export const accountTypeField = z.enum(ACCOUNT_TYPES, 'account.typeInvalid');

/** Adds 'account.passwordMismatch' on `confirmPassword` when the two differ (spec §5). */
function confirmMatches(
  value: { password?: string; fundPassword?: string; confirmPassword: string },
  ctx: z.RefinementCtx,
): void {
  const first = value.fundPassword ?? value.password;
  if (first !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: 'account.passwordMismatch', path: ['confirmPassword'] });
  }
}

/** For a body addressed by `type`: the e-mail, or the phone, must be present. */
function targetPresent(
  value: { type: AccountType; email?: string | undefined; phone?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.type === 'email' && !value.email) {
    ctx.addIssue({ code: 'custom', message: 'account.emailEmpty', path: ['email'] });
  }
  if (value.type === 'phone' && !value.phone) {
    ctx.addIssue({ code: 'custom', message: 'account.phoneEmpty', path: ['phone'] });
  }
}

// ---------------------------------------------------------------------------------------------
// common area: anti-abuse token and one-time codes
// ---------------------------------------------------------------------------------------------

export const TempTokenRequest = z.object({});
export type TempTokenRequest = z.input<typeof TempTokenRequest>;
export type TempTokenResponse = { tempToken: string; expiresAt: string };

/** E-mail omitted for `withdraw` and for the old-address code of `change_email` (sent to the bound e-mail). */
export const SendEmailCodeRequest = z.object({
  email: emailField.optional(),
  purpose: codePurposeField,
  tempToken: text({ message: 'common.tempTokenInvalid' }).min(1, 'common.tempTokenInvalid'),
});
export type SendEmailCodeRequest = z.input<typeof SendEmailCodeRequest>;

/** Phone omitted for `withdraw` (sent to the bound phone). */
export const SendSmsCodeRequest = z.object({
  countryCode: countryCodeField.optional(),
  phone: phoneField.optional(),
  purpose: codePurposeField,
  tempToken: text({ message: 'common.tempTokenInvalid' }).min(1, 'common.tempTokenInvalid'),
});
export type SendSmsCodeRequest = z.input<typeof SendSmsCodeRequest>;
/** When a code was sent: the address it went to (masked when it is the user's bound one) and when a resend is allowed. */
export type SendCodeResponse = { sentTo: string; expiresAt: string; resendAt: string };

export type UploadResponse = { fileId: string; url: string };

// ---------------------------------------------------------------------------------------------
// auth area
// ---------------------------------------------------------------------------------------------

/** An address, the code sent to it and a new password typed twice: what sign-up and recovery both take. */
const addressCodeAndNewPassword = {
  type: accountTypeField,
  email: emailField.optional(),
  countryCode: countryCodeField.optional(),
  phone: phoneField.optional(),
  code: codeField,
  password: passwordField,
  confirmPassword: passwordText('account.passwordMismatch'),
};

export const RegisterRequest = z
  .object({
    ...addressCodeAndNewPassword,
    inviteCode: identifier({ max: 20 })
      .toUpperCase()
      .optional()
      .transform((v) => (v ? v : undefined)),
    agree: z.literal(true, 'account.agreementRequired'),
  })
  .superRefine(targetPresent)
  .superRefine(confirmMatches);
export type RegisterRequest = z.input<typeof RegisterRequest>;

/** `account` is an e-mail address or a phone number (then `countryCode`, default "1"). */
export const LoginRequest = z.object({
  account: identifier({ message: 'account.accountEmpty', max: 254 }).min(1, 'account.accountEmpty'),
  countryCode: countryCodeField.optional(),
  password: passwordText('account.passwordEmpty').min(1, 'account.passwordEmpty'),
  totpCode: totpCodeField.optional(),
  /** The code sent to the account's address, when the server answered LOGIN_CODE_REQUIRED. */
  loginCode: codeField.optional(),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const LogoutRequest = z.object({});

export const RetrieveRequest = z
  .object(addressCodeAndNewPassword)
  .superRefine(targetPresent)
  .superRefine(confirmMatches);
export type RetrieveRequest = z.input<typeof RetrieveRequest>;

/** The signed-in user's profile (the owner sees the e-mail and phone unmasked). */
export type UserProfile = {
  id: number;
  email: string | null;
  phone: string | null;
  countryCode: string | null;
  inviteCode: string;
  creditScore: number;
  totpEnabled: boolean;
  fundPasswordSet: boolean;
  createdAt: string;
};
export type AuthResponse = { token: string; user: UserProfile };

// ---------------------------------------------------------------------------------------------
// account area
// ---------------------------------------------------------------------------------------------

export const ChangePasswordRequest = z
  .object({
    oldPassword: passwordText('account.passwordEmpty').min(1, 'account.passwordEmpty'),
    password: passwordField,
    confirmPassword: passwordText('account.passwordMismatch'),
  })
  .superRefine(confirmMatches);
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

/** First-time fund password: proven by the login password. */
export const SetFundPasswordRequest = z
  .object({
    fundPassword: fundPasswordField,
    confirmPassword: passwordText('account.passwordMismatch'),
    loginPassword: passwordText('account.passwordEmpty').min(1, 'account.passwordEmpty'),
  })
  .superRefine(confirmMatches);
export type SetFundPasswordRequest = z.input<typeof SetFundPasswordRequest>;

/** Changing the fund password: proven by the current fund password. */
export const ChangeFundPasswordRequest = z
  .object({
    oldFundPassword: passwordText('account.fundPasswordRule').min(1, 'account.fundPasswordRule'),
    fundPassword: fundPasswordField,
    confirmPassword: passwordText('account.passwordMismatch'),
  })
  .superRefine(confirmMatches);
export type ChangeFundPasswordRequest = z.input<typeof ChangeFundPasswordRequest>;

export const BindPhoneRequest = z.object({
  countryCode: countryCodeField,
  phone: phoneField,
  code: codeField,
});
export type BindPhoneRequest = z.input<typeof BindPhoneRequest>;

export const BindEmailRequest = z.object({ email: emailField, code: codeField });
export type BindEmailRequest = z.input<typeof BindEmailRequest>;

/** `oldCode` was sent to the current e-mail, `newCode` to the new one; both with purpose change_email. */
export const ChangeEmailRequest = z.object({ oldCode: codeField, email: emailField, newCode: codeField });
export type ChangeEmailRequest = z.input<typeof ChangeEmailRequest>;

export type SecurityOverview = {
  emailBound: boolean;
  email: string | null;
  phoneBound: boolean;
  phone: string | null;
  countryCode: string | null;
  loginPasswordSet: true;
  fundPasswordSet: boolean;
  totpEnabled: boolean;
};

export const TotpSetupRequest = z.object({});
export type TotpSetupResponse = { secret: string; otpauthUrl: string; qrDataUrl: string };
export const TotpCodeRequest = z.object({ code: totpCodeField });
export type TotpCodeRequest = z.input<typeof TotpCodeRequest>;

export const SessionListRequest = z.object({});
export type SessionInfo = {
  id: number;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};
export const SessionRevokeRequest = z.object({ id: idField });
export type SessionRevokeRequest = z.input<typeof SessionRevokeRequest>;
