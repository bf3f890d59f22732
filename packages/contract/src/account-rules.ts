/**
 * The account rules shared by server and forms (product spec §5), free of zod: account.ts builds the
 * request schemas from them, and the web app's forms check fields with them before a call without
 * loading a schema library into every screen.
 */

/**
 * Login password: 6–20 printable ASCII characters (letters, digits and symbols such as `#!$`), at
 * least one letter and one digit; no spaces (a space at either end is lost too easily when pasting).
 */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{6,20}$/;
/** Fund (withdrawal) password: exactly 6 digits, and never equal to the login password. */
export const FUND_PASSWORD_RULE = /^\d{6}$/;
/** A practical e-mail shape: local@domain.tld, no spaces, at most 254 characters. */
export const EMAIL_RULE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** National phone number: 5–15 digits. */
export const PHONE_RULE = /^\d{5,15}$/;
/** Country calling code: 1–4 digits; a leading "+" is accepted and dropped. */
export const COUNTRY_CODE_RULE = /^\+?\d{1,4}$/;
export const DEFAULT_COUNTRY_CODE = '1';
/** One-time codes sent by e-mail or SMS: 6 digits. */
export const CODE_RULE = /^\d{6}$/;
/** TOTP codes from an authenticator app: 6 digits. */
export const TOTP_RULE = /^\d{6}$/;
/** Invite codes: 8 characters from an unambiguous alphabet (upper-case letters and digits). */
export const INVITE_CODE_RULE = /^[A-Z0-9]{8}$/;

/** What a one-time code may be used for ('login': the extra code a sign-in needs after repeated failures). */
export const CODE_PURPOSES = ['register', 'retrieve', 'bind', 'change_email', 'withdraw', 'login'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const ACCOUNT_TYPES = ['email', 'phone'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Lifetimes and limits shared by server and client (seconds / counts). */
export const CODE_TTL_SECONDS = 600;
export const CODE_RESEND_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;
export const TEMP_TOKEN_TTL_SECONDS = 600;

/** The anti-phishing code (docs/decisions/0012): 4–20 letters or digits, short enough to recognise at a glance, no characters a mail client mangles. */
export const ANTI_PHISHING_RULE = /^[A-Za-z0-9]{4,20}$/;
