import crypto from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Locale } from '@tidemark/contract';
import { verifyPassword } from '../../platform/crypto/password.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { t } from '../../platform/i18n/messages.ts';
import { AttemptGuard, formatUntil } from '../../platform/security/attempt-guard.ts';
import { FUND_PASSWORD } from '../../platform/security/attempt-policies.ts';
import { TotpGate } from '../../platform/security/totp-gate.ts';
import { accountDevices, users } from './user.schema.ts';
import type { AppContext } from '../../platform/context.ts';

/** How long withdrawals wait after a change of password, fund password, 2FA or e-mail/phone. */
export const SECURITY_CHANGE_FREEZE_MS = 24 * 3600_000;

/** What changed, named in the freeze message (security.change.<reason>). */
export type SecurityChange = 'password' | 'fund_password' | 'totp' | 'email' | 'phone' | typeof OPERATOR_FREEZE;

/** The freeze an operator sets: it has no end (the far end of a timestamp) until an operator lifts it. */
export const OPERATOR_FREEZE = 'operator';
const NO_END = new Date(Date.UTC(9999, 11, 31));

/**
 * The account's own protections (docs/decisions/0012): counters with a lock for the fund password
 * and authenticator codes, a TOTP code accepted once, the withdrawal freeze after a security
 * change, the e-mail on a sign-in from a new device, and the anti-phishing code.
 */
export class AccountProtection {
  private readonly deps: Pick<AppContext, 'db' | 'clock' | 'mailer'>;
  private readonly attempts: AttemptGuard;
  private readonly totp: TotpGate;
  constructor(deps: Pick<AppContext, 'db' | 'clock' | 'mailer'>) {
    this.deps = deps;
    this.attempts = new AttemptGuard(deps.db, deps.clock);
    this.totp = new TotpGate({ attempts: this.attempts, clock: deps.clock });
  }

  // ---- fund password ------------------------------------------------------------------------------

  /**
   * Checks the fund password against the stored hash. Wrong answers count; the FUND_PASSWORD
   * policy's lock answers 429 FUND_PASSWORD_LOCKED with the time it ends (also for a right
   * password while locked). Returns false for a wrong one the caller reports in its own words.
   */
  async checkFundPassword(userId: number, hash: string, plain: string, field = 'fundPassword'): Promise<boolean> {
    const key = String(userId);
    const before = await this.attempts.state('user.fund_password', key, FUND_PASSWORD);
    if (before.lockedUntil !== null) throw fundPasswordLocked(before.lockedUntil, field);
    if (!(await verifyPassword(hash, plain))) {
      const after = await this.attempts.fail('user.fund_password', key, FUND_PASSWORD);
      if (after.lockedUntil !== null) throw fundPasswordLocked(after.lockedUntil, field);
      return false;
    }
    if (before.failures > 0) await this.attempts.clear('user.fund_password', key);
    return true;
  }

  // ---- TOTP ---------------------------------------------------------------------------------------

  /**
   * Checks an authenticator code for the user against `secret` (the enabled or the pending one):
   * accepted once, wrong ones counted and locked (TotpGate). Returns false for a wrong code.
   */
  async checkTotp(userId: number, secret: string, code: string, field = 'totpCode'): Promise<boolean> {
    return this.totp.check('user', userId, secret, code, (id, step) => this.claimUserStep(id, step), field);
  }

  /** Stores the step if it is later than the last accepted one; false when it is not (a replay). */
  private async claimUserStep(userId: number, step: number): Promise<boolean> {
    const rows = await this.deps.db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  // ---- withdrawal freeze after a security change ----------------------------------------------------

  /** Withdrawals wait SECURITY_CHANGE_FREEZE_MS from now (never shortening a running freeze). */
  async freezeWithdrawals(userId: number, change: SecurityChange, db: Db = this.deps.db): Promise<void> {
    const until = new Date(this.deps.clock.now() + SECURITY_CHANGE_FREEZE_MS);
    await db
      .update(users)
      .set({ withdrawFrozenUntil: until, withdrawFreezeReason: change })
      .where(and(eq(users.id, userId), or(isNull(users.withdrawFrozenUntil), lt(users.withdrawFrozenUntil, until))));
  }

  /** An operator's pause of withdrawals; it outlasts (and so replaces) any freeze after a security change. */
  async freezeWithdrawalsByOperator(userId: number, db: Db = this.deps.db): Promise<void> {
    await db
      .update(users)
      .set({ withdrawFrozenUntil: NO_END, withdrawFreezeReason: OPERATOR_FREEZE })
      .where(eq(users.id, userId));
  }

  /** Lifts an operator's pause only: a freeze after a security change protects the user and runs its course. */
  async liftOperatorFreeze(userId: number, db: Db = this.deps.db): Promise<void> {
    await db
      .update(users)
      .set({ withdrawFrozenUntil: null, withdrawFreezeReason: null })
      .where(and(eq(users.id, userId), eq(users.withdrawFreezeReason, OPERATOR_FREEZE)));
  }

  /** The running freeze, or null. */
  async withdrawFreezeOf(userId: number): Promise<{ until: number; change: SecurityChange } | null> {
    const [row] = await this.deps.db
      .select({ until: users.withdrawFrozenUntil, change: users.withdrawFreezeReason })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!row?.until || row.until.getTime() <= this.deps.clock.now()) return null;
    return { until: row.until.getTime(), change: (row.change ?? 'password') as SecurityChange };
  }

  // ---- devices ------------------------------------------------------------------------------------

  /**
   * Records the device of a sign-in (a hash of its user agent). A device the user has not signed in
   * from before gets an e-mail to the bound address, unless `quiet` (the sign-up's own device).
   * Returns true when the device was new.
   */
  async noteDevice(
    user: { id: number; email: string | null },
    meta: { userAgent?: string | undefined; ip?: string | undefined },
    locale: Locale,
    opts: { quiet?: boolean; db?: Db } = {},
  ): Promise<boolean> {
    const db = opts.db ?? this.deps.db;
    const ua = (meta.userAgent ?? '').slice(0, 300);
    const deviceHash = crypto.createHash('sha256').update(ua).digest('hex');
    const now = new Date(this.deps.clock.now());
    const inserted = await db
      .insert(accountDevices)
      .values({ userId: user.id, deviceHash, userAgent: ua || null, firstSeenAt: now, lastSeenAt: now })
      .onConflictDoNothing()
      .returning({ userId: accountDevices.userId });
    if (inserted.length === 0) {
      await db
        .update(accountDevices)
        .set({ lastSeenAt: now })
        .where(and(eq(accountDevices.userId, user.id), eq(accountDevices.deviceHash, deviceHash)));
      return false;
    }
    if (!opts.quiet && user.email) {
      const params = {
        device: ua.slice(0, 120) || '?',
        ip: meta.ip ?? '?',
        time: formatUntil(now.getTime()),
      };
      try {
        await this.deps.mailer.send({
          to: user.email,
          subject: t(locale, 'security.newDeviceSubject'),
          text: t(locale, 'security.newDeviceText', params),
          locale,
        });
      } catch {
        // a mail server that is down must not keep the owner from signing in; the device is
        // recorded either way and still listed in the security centre
      }
    }
    return true;
  }

  // ---- anti-phishing code ---------------------------------------------------------------------------

  async setAntiPhishingCode(userId: number, code: string): Promise<void> {
    await this.deps.db.update(users).set({ antiPhishingCode: code }).where(eq(users.id, userId));
  }

  /** The code of the user an e-mail address belongs to (what the mail template prints), or null. */
  async antiPhishingCodeFor(email: string): Promise<string | null> {
    const [row] = await this.deps.db
      .select({ code: users.antiPhishingCode })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .limit(1);
    return row?.code ?? null;
  }
}

const fundPasswordLocked = (until: number, field: string) =>
  new AppError(429, 'FUND_PASSWORD_LOCKED', 'security.fundPasswordLocked', { until: formatUntil(until) }, field);
