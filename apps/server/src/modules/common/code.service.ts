import crypto from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  type CodePurpose,
  type Locale,
} from '@tidemark/contract';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest } from '../../platform/http/app-error.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.ts';
import { AttemptGuard, formatUntil } from '../../platform/security/attempt-guard.ts';
import { CODES } from '../../platform/security/attempt-policies.ts';
import type { SmsSender } from '../../platform/sms/sms-sender.ts';
import type { SecretHolder } from './app-secret.ts';
import { verificationCodes } from './common.schema.ts';

export type CodeChannel = 'email' | 'sms';

/**
 * Where a code goes. `target` is the canonical address: a lower-case e-mail, or for SMS
 * `<country code>-<number>` (see smsTarget) so "+1 55512345" and "+15 5512345" stay distinct.
 */
export interface CodeAddress {
  channel: CodeChannel;
  target: string;
  /** 'operator_login' is the operator sign-in's extra code: never sendable through the user calls. */
  purpose: CodePurpose | 'operator_login';
}

export interface CodeAttempt extends CodeAddress {
  code: string;
  /** The request field the code came in (code, oldCode, newCode), named in the error. */
  field?: string;
  /**
   * The caller's network address, for codes anyone may try (sign-up, recovery, sign-in): the
   * lock over all codes of an address is then kept per source, so a stranger's wrong guesses lock
   * only the stranger out. Codes that only the signed-in owner can try are locked per address.
   */
  source?: string;
}

/** Proof that a code was right; spend it with markUsed() inside the transaction it guards. */
export interface CodeTicket {
  id: number;
  field: string;
}

export interface BoundAddresses {
  email: string | null;
  phoneCountry: string | null;
  phone: string | null;
}

export const smsTarget = (countryCode: string, phone: string) => `${countryCode}-${phone}`;
const smsNumber = (target: string) => `+${target.replace('-', '')}`;

export interface CodeServiceDeps {
  db: Db;
  clock: Clock;
  secret: SecretHolder;
  mailer: Mailer;
  sms: SmsSender;
  /** The user's bound e-mail and phone (from the account module, looked up when needed). */
  addressOf: (userId: number) => Promise<BoundAddresses | null>;
}

/**
 * One-time codes for sign-up, recovery, binding and withdrawals: 6 digits, stored as an HMAC,
 * single use, valid CODE_TTL_SECONDS, void after CODE_MAX_ATTEMPTS wrong tries, and at most one
 * sent per target every CODE_RESEND_SECONDS. Sending a new code voids the older ones of the same
 * target and purpose.
 */
export class CodeService {
  private readonly attempts: AttemptGuard;
  private readonly deps: CodeServiceDeps;
  constructor(deps: CodeServiceDeps) {
    this.deps = deps;
    this.attempts = new AttemptGuard(deps.db, deps.clock);
  }

  /**
   * Sends a code to the user's own bound e-mail or phone (withdrawals, the old address of an
   * e-mail change). Throws 'account.emailNotBound' / 'account.phoneNotBound' when there is none.
   * The wallet module calls it as `codes.sendToUser(userId, 'email', 'withdraw', locale)`.
   */
  async sendToUser(
    userId: number,
    channel: CodeChannel,
    purpose: CodePurpose,
    locale: Locale,
  ): Promise<{ sentTo: string; expiresAt: string; resendAt: string }> {
    const target = await this.boundTarget(userId, channel);
    const sent = await this.issue({ channel, target, purpose }, locale);
    return { sentTo: maskTarget(channel, target), ...sent };
  }

  /** The canonical target of the user's bound address on a channel, or the localized "not bound" error. */
  async boundTarget(userId: number, channel: CodeChannel): Promise<string> {
    const a = await this.deps.addressOf(userId);
    if (channel === 'email') {
      if (!a?.email) throw badRequest('EMAIL_NOT_BOUND', 'account.emailNotBound', undefined, 'email');
      return a.email;
    }
    if (!a?.phone || !a.phoneCountry) throw badRequest('PHONE_NOT_BOUND', 'account.phoneNotBound', undefined, 'phone');
    return smsTarget(a.phoneCountry, a.phone);
  }

  /**
   * Creates and sends a code. `deliver: false` records a code without sending it: used to answer a
   * recovery request for an unknown address exactly like a real one (no account enumeration).
   */
  async issue(
    address: CodeAddress,
    locale: Locale,
    opts: { deliver?: boolean } = {},
  ): Promise<{ expiresAt: string; resendAt: string }> {
    const now = this.deps.clock.now();
    const [last] = await this.deps.db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.channel, address.channel), eq(verificationCodes.target, address.target)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (last) {
      const waitMs = last.createdAt.getTime() + CODE_RESEND_SECONDS * 1000 - now;
      if (waitMs > 0) {
        throw new AppError(429, 'CODE_TOO_SOON', 'account.codeTooSoon', { seconds: Math.ceil(waitMs / 1000) });
      }
    }
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const codeHash = await this.hash(address, code);
    const expiresAt = new Date(now + CODE_TTL_SECONDS * 1000);
    // rendered before the transaction: the anti-phishing line reads the database
    const mail = opts.deliver !== false ? await this.prepareMail(address, code, locale) : null;
    // The row and the delivery succeed or fail together: a failed send leaves no code and no wait.
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(verificationCodes)
        .set({ consumedAt: new Date(now) })
        .where(and(this.sameAddress(address), isNull(verificationCodes.consumedAt)));
      await tx.insert(verificationCodes).values({ ...address, codeHash, createdAt: new Date(now), expiresAt });
      if (opts.deliver !== false) await this.deliver(address, code, locale, mail);
    });
    return { expiresAt: expiresAt.toISOString(), resendAt: new Date(now + CODE_RESEND_SECONDS * 1000).toISOString() };
  }

  /**
   * Checks a code without spending it; a wrong code counts a try (committed at once, so call this
   * outside the transaction it guards). Throws the localized error.
   */
  async verify(attempt: CodeAttempt): Promise<CodeTicket> {
    const field = attempt.field ?? 'code';
    const lockKey = `${attempt.channel}:${attempt.target}:${attempt.purpose}${attempt.source ? `|${attempt.source}` : ''}`;
    const lock = await this.attempts.state('code.address', lockKey, CODES);
    if (lock.lockedUntil !== null)
      throw new AppError(429, 'CODE_LOCKED', 'security.codeLocked', { until: formatUntil(lock.lockedUntil) }, field);
    const row = await this.latestLive(attempt, this.deps.db);
    if (!row) throw badRequest('CODE_INVALID', 'account.codeInvalid', undefined, field);
    if (row.expiresAt.getTime() <= this.deps.clock.now())
      throw badRequest('CODE_EXPIRED', 'account.codeExpired', undefined, field);
    if (row.attempts >= CODE_MAX_ATTEMPTS) throw badRequest('CODE_VOID', 'account.codeVoid', undefined, field);
    if (!safeEqual(row.codeHash, await this.hash(attempt, attempt.code))) {
      const over = await this.attempts.fail('code.address', lockKey, CODES);
      if (over.lockedUntil !== null)
        throw new AppError(429, 'CODE_LOCKED', 'security.codeLocked', { until: formatUntil(over.lockedUntil) }, field);
      const attempts = row.attempts + 1;
      await this.deps.db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(and(eq(verificationCodes.id, row.id), sql`${verificationCodes.attempts} < ${CODE_MAX_ATTEMPTS}`));
      const left = CODE_MAX_ATTEMPTS - attempts;
      if (left <= 0) throw badRequest('CODE_VOID', 'account.codeVoid', undefined, field);
      throw badRequest('CODE_WRONG', 'account.codeWrong', { left }, field);
    }
    if (lock.failures > 0) await this.attempts.clear('code.address', lockKey);
    return { id: row.id, field };
  }

  /** Spends a verified code; fails when another request spent it first. */
  async markUsed(ticket: CodeTicket, db: Db = this.deps.db): Promise<void> {
    const rows = await db
      .update(verificationCodes)
      .set({ consumedAt: new Date(this.deps.clock.now()) })
      .where(and(eq(verificationCodes.id, ticket.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (rows.length === 0) throw badRequest('CODE_INVALID', 'account.codeInvalid', undefined, ticket.field);
  }

  /**
   * verify + markUsed in one call. Without `db` the code is spent at once and wrong tries count.
   * With a transaction the spending rolls back with it, but a wrong try is NOT counted (a write on
   * another connection inside an open PGlite transaction would deadlock) — so prefer verify()
   * before the transaction and markUsed(ticket, tx) inside it, as the account flows do.
   */
  async consume(attempt: CodeAttempt, db?: Db): Promise<void> {
    if (!db) {
      await this.markUsed(await this.verify(attempt));
      return;
    }
    const field = attempt.field ?? 'code';
    const row = await this.latestLive(attempt, db);
    if (!row || row.attempts >= CODE_MAX_ATTEMPTS)
      throw badRequest('CODE_INVALID', 'account.codeInvalid', undefined, field);
    if (row.expiresAt.getTime() <= this.deps.clock.now())
      throw badRequest('CODE_EXPIRED', 'account.codeExpired', undefined, field);
    if (!safeEqual(row.codeHash, await this.hash(attempt, attempt.code))) {
      throw badRequest('CODE_WRONG', 'account.codeWrong', { left: CODE_MAX_ATTEMPTS - row.attempts - 1 }, field);
    }
    await this.markUsed({ id: row.id, field }, db);
  }

  private async latestLive(address: CodeAddress, db: Db) {
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(and(this.sameAddress(address), isNull(verificationCodes.consumedAt)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    return row;
  }

  private sameAddress(a: CodeAddress) {
    return and(
      eq(verificationCodes.channel, a.channel),
      eq(verificationCodes.target, a.target),
      eq(verificationCodes.purpose, a.purpose),
    );
  }

  private async hash(a: CodeAddress, code: string): Promise<string> {
    return crypto
      .createHmac('sha256', await this.deps.secret.get())
      .update(`${a.channel}\n${a.target}\n${a.purpose}\n${code.trim()}`)
      .digest('hex');
  }

  private codeParams(a: CodeAddress, code: string, locale: Locale) {
    return { code, minutes: CODE_TTL_SECONDS / 60, purpose: t(locale, `common.purpose.${a.purpose}`) };
  }

  private async prepareMail(a: CodeAddress, code: string, locale: Locale): Promise<MailMessage | null> {
    if (a.channel !== 'email') return null;
    const params = this.codeParams(a, code, locale);
    const message: MailMessage = {
      to: a.target,
      subject: t(locale, 'common.codeMailSubject', params),
      text: t(locale, 'common.codeText', params),
      locale,
    };
    return this.deps.mailer.prepare ? this.deps.mailer.prepare(message) : message;
  }

  private async deliver(a: CodeAddress, code: string, locale: Locale, mail: MailMessage | null): Promise<void> {
    const params = this.codeParams(a, code, locale);
    try {
      if (mail) {
        await this.deps.mailer.send(mail);
      } else {
        await this.deps.sms.send(smsNumber(a.target), t(locale, 'common.codeText', params));
      }
    } catch (err) {
      throw Object.assign(new AppError(503, 'DELIVERY_FAILED', 'common.deliveryFailed'), { cause: err });
    }
  }
}

/** 'al***@example.com' / '+1 ******4567': enough for the user to recognise, little for anyone else. */
export function maskTarget(channel: CodeChannel, target: string): string {
  if (channel === 'email') {
    const [local = '', domain = ''] = target.split('@');
    return `${local.slice(0, 2)}***@${domain}`;
  }
  const [cc = '', phone = ''] = target.split('-');
  return `+${cc} ${'*'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
