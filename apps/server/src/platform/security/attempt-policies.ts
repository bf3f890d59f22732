import type { AttemptPolicy } from './attempt-guard.ts';

/**
 * What each kind of failure costs (docs/decisions/0012). A lock that strangers can trigger is keyed
 * by their source as well, so it slows them and never the owner elsewhere; a lock only the signed-in
 * owner can trigger (fund password, TOTP, codes sent to a bound address) is keyed by the owner.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Sign-in failures for one account from one source: 3 free, then 2 s, 4 s, 8 s … at most 15 min. */
export const LOGIN_ACCOUNT_SOURCE: AttemptPolicy = {
  windowMs: 24 * HOUR,
  free: 3,
  lock: { kind: 'doubling', baseMs: 2000, maxMs: 15 * MINUTE },
};

/** Sign-in failures from one source over all accounts (credential stuffing): 20 free per hour, then doubling. */
export const LOGIN_SOURCE: AttemptPolicy = {
  windowMs: HOUR,
  free: 20,
  lock: { kind: 'doubling', baseMs: 2000, maxMs: 15 * MINUTE },
};

/**
 * Sign-in failures for one account from anywhere: never a lock (that would be the weapon), but from
 * the LOGIN_CODE_AFTER-th failure in 24 h the sign-in also needs a code sent to the account's address.
 */
export const LOGIN_ACCOUNT: AttemptPolicy = { windowMs: 24 * HOUR, free: Infinity, lock: { kind: 'none' } };
export const LOGIN_CODE_AFTER = 5;

/** Wrong fund passwords: the 5th within 24 h locks the fund password for 2 hours. */
export const FUND_PASSWORD: AttemptPolicy = { windowMs: 24 * HOUR, free: 4, lock: { kind: 'fixed', ms: 2 * HOUR } };

/** Wrong authenticator codes: the 5th within 15 minutes locks them for 30 minutes. */
export const TOTP: AttemptPolicy = { windowMs: 15 * MINUTE, free: 4, lock: { kind: 'fixed', ms: 30 * MINUTE } };

/**
 * Wrong verification codes for one address and purpose over all its codes (each code is also void
 * after 5 wrong tries): the 10th within an hour locks code entry for an hour.
 */
export const CODES: AttemptPolicy = { windowMs: HOUR, free: 9, lock: { kind: 'fixed', ms: HOUR } };
