import type { Clock } from '../clock.ts';
import { AppError } from '../http/app-error.ts';
import type { AttemptGuard } from './attempt-guard.ts';
import { LOGIN_ACCOUNT, LOGIN_ACCOUNT_SOURCE, LOGIN_CODE_AFTER, LOGIN_SOURCE } from './attempt-policies.ts';

/**
 * The guessing brakes in front of a password sign-in (users and operators alike):
 * - per account and source: a delay that doubles with each failure (capped), so a guesser slows
 *   down while the owner signing in from elsewhere is not affected;
 * - per source over all accounts: the same, at a higher threshold;
 * - per account over all sources: after LOGIN_CODE_AFTER failures in 24 h the sign-in needs a code
 *   sent to the account's own address — the owner still gets in, a guesser without the mailbox does not.
 * `kind` separates users from operators so one cannot affect the other.
 */
export class LoginProtection {
  private readonly guard: AttemptGuard;
  private readonly kind: string;
  private readonly delaysOn: boolean;
  private readonly clock: Clock;
  constructor(guard: AttemptGuard, clock: Clock, kind: 'user' | 'operator', delaysOn: boolean) {
    this.guard = guard;
    this.clock = clock;
    this.kind = kind;
    this.delaysOn = delaysOn;
  }

  /** Refuses (429 with the seconds to wait) while this source is in a delay; any password, right or wrong. */
  async checkDelay(account: string, source: string): Promise<void> {
    if (!this.delaysOn) return;
    const pair = await this.guard.state(this.scope('acct_src'), `${account}|${source}`, LOGIN_ACCOUNT_SOURCE);
    if (pair.lockedUntil !== null)
      throw new AppError(429, 'LOGIN_DELAYED', 'security.loginDelayed', {
        seconds: this.secondsUntil(pair.lockedUntil),
      });
    const src = await this.guard.state(this.scope('src'), source, LOGIN_SOURCE);
    if (src.lockedUntil !== null)
      throw new AppError(429, 'LOGIN_DELAYED', 'security.loginDelayedSource', {
        seconds: this.secondsUntil(src.lockedUntil),
      });
  }

  /** True when the account has had enough failures that a sign-in also needs a code. */
  async needsCode(account: string): Promise<boolean> {
    const s = await this.guard.state(this.scope('acct'), account, LOGIN_ACCOUNT);
    return s.failures >= LOGIN_CODE_AFTER;
  }

  /** A wrong password (or a wrong second factor after it). */
  async failed(account: string, source: string): Promise<void> {
    await this.guard.fail(this.scope('acct_src'), `${account}|${source}`, LOGIN_ACCOUNT_SOURCE);
    await this.guard.fail(this.scope('src'), source, LOGIN_SOURCE);
    await this.guard.fail(this.scope('acct'), account, LOGIN_ACCOUNT);
  }

  /** The owner got in: this source's delay and the account's count start over. */
  async succeeded(account: string, source: string): Promise<void> {
    await this.guard.clear(this.scope('acct_src'), `${account}|${source}`);
    await this.guard.clear(this.scope('acct'), account);
  }

  private secondsUntil(ms: number): number {
    return Math.max(1, Math.ceil((ms - this.clock.now()) / 1000));
  }

  private scope(what: string): string {
    return `${this.kind}.login.${what}`;
  }
}
