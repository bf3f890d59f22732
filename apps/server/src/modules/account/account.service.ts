import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { UserProfile } from '@tidemark/contract';
import { hashPassword } from '../../platform/crypto/password.ts';
import type { Db } from '../../platform/db/database.ts';
import { unauthorized } from '../../platform/http/app-error.ts';
import type { AccountProtection, SecurityChange } from './account-protection.service.ts';
import { newInviteCode } from './invite-code.ts';
import { users } from './user.schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { firstRow } from '../../platform/db/row-reads.ts';

/** A user as other modules see it (never the password or TOTP secrets). */
export interface AccountUser {
  id: number;
  email: string | null;
  phone: string | null;
  phoneCountry: string | null;
  inviteCode: string;
  inviterId: number | null;
  creditScore: number;
  totpEnabled: boolean;
  fundPasswordSet: boolean;
  status: string;
  createdAt: Date;
}

export interface Invitee {
  id: number;
  email: string | null;
  phone: string | null;
  phoneCountry: string | null;
  createdAt: Date;
}

type UserRow = typeof users.$inferSelect;

/**
 * The users table and the rules about it that other modules rely on (published as
 * `ctx.services.account`). The HTTP flows (sign-up, login, account centre) live in the route files
 * and use the row-level helpers below.
 */
export class AccountService {
  private readonly deps: Pick<AppContext, 'db' | 'clock'> & { protection: AccountProtection };
  constructor(deps: Pick<AppContext, 'db' | 'clock'> & { protection: AccountProtection }) {
    this.deps = deps;
  }

  // ---- for other modules ----------------------------------------------------------------------

  /** `db`: a caller's open transaction (on embedded PGlite a read outside it would wait for it). */
  async getUser(id: number, db: Db = this.deps.db): Promise<AccountUser | null> {
    const row = await this.row(id, db);
    return row ? toAccountUser(row) : null;
  }

  async findByInviteCode(code: string): Promise<AccountUser | null> {
    const [row] = await this.deps.db
      .select()
      .from(users)
      .where(eq(users.inviteCode, code.trim().toUpperCase()))
      .limit(1);
    return row ? toAccountUser(row) : null;
  }

  /**
   * False for a wrong fund password; after too many wrong ones it throws the localized 429
   * FUND_PASSWORD_LOCKED naming when the lock ends.
   */
  async verifyFundPassword(userId: number, plain: string): Promise<boolean> {
    const row = await this.row(userId);
    if (!row?.fundPasswordHash) return false;
    return this.deps.protection.checkFundPassword(userId, row.fundPasswordHash, plain);
  }

  /**
   * False when TOTP is not enabled or the code is wrong. A right code works once (TOTP_REUSED
   * afterwards); too many wrong ones throw the 429 TOTP_LOCKED naming when the lock ends.
   */
  async verifyTotp(userId: number, code: string): Promise<boolean> {
    const row = await this.row(userId);
    if (!row?.totpEnabled || !row.totpSecret) return false;
    return this.deps.protection.checkTotp(userId, row.totpSecret, code);
  }

  /** A running withdrawal freeze after a security change (until when, and what changed), or null. */
  async withdrawFreezeOf(userId: number): Promise<{ until: number; change: SecurityChange } | null> {
    return this.deps.protection.withdrawFreezeOf(userId);
  }

  async listDirectInvitees(
    userId: number,
    page: { page: number; size: number },
  ): Promise<{ total: number; items: Invitee[] }> {
    const size = Math.min(Math.max(1, page.size), 100);
    const offset = (Math.max(1, page.page) - 1) * size;
    const [total] = await this.deps.db.select({ n: count() }).from(users).where(eq(users.inviterId, userId));
    const rows = await this.deps.db
      .select({
        id: users.id,
        email: users.email,
        phone: users.phone,
        phoneCountry: users.phoneCountry,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.inviterId, userId))
      .orderBy(desc(users.id))
      .limit(size)
      .offset(offset);
    return { total: Number(total?.n ?? 0), items: rows };
  }

  /** Members invited directly (level 1) and by them (level 2), and so on down to maxDepth. */
  async countTeam(userId: number, maxDepth = 2): Promise<number> {
    let level = [userId];
    let total = 0;
    for (let depth = 0; depth < maxDepth && level.length > 0; depth++) {
      const rows = await this.deps.db.select({ id: users.id }).from(users).where(inArray(users.inviterId, level));
      level = rows.map((r) => r.id);
      total += level.length;
    }
    return total;
  }

  /** For the referral/KYC modules, inside their audited transaction. */
  async setCreditScore(userId: number, score: number, db: Db = this.deps.db): Promise<void> {
    if (!Number.isInteger(score) || score < 0 || score > 1000)
      throw new RangeError(`credit score out of range: ${score}`);
    await db.update(users).set({ creditScore: score, updatedAt: this.now() }).where(eq(users.id, userId));
  }

  // ---- lookups for sign-up, login and the code-sending calls -----------------------------------

  async findIdByEmail(email: string): Promise<number | null> {
    return (await this.rowByEmail(email))?.id ?? null;
  }

  async findIdByPhone(countryCode: string, phone: string): Promise<number | null> {
    return (await this.rowByPhone(countryCode, phone))?.id ?? null;
  }

  async row(id: number, db: Db = this.deps.db): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /** The signed-in caller's row; a user deleted under a live session is treated as signed out. */
  async signedInRow(id: number): Promise<UserRow> {
    const row = await this.row(id);
    if (!row) throw unauthorized();
    return row;
  }

  async rowByEmail(email: string): Promise<UserRow | null> {
    return firstRow(this.deps.db, users, eq(users.email, email.trim().toLowerCase()));
  }

  async rowByPhone(countryCode: string, phone: string): Promise<UserRow | null> {
    return firstRow(this.deps.db, users, and(eq(users.phoneCountry, countryCode), eq(users.phone, phone)));
  }

  // ---- writes used by the flows ----------------------------------------------------------------

  async create(
    input: {
      email: string | null;
      phoneCountry: string | null;
      phone: string | null;
      password: string;
      inviterId: number | null;
    },
    db: Db,
  ): Promise<UserRow> {
    const passwordHash = await hashPassword(input.password);
    // a collision of two random codes is ~1e-12 per pair; look first so the insert does not abort the transaction
    let inviteCode = newInviteCode();
    while (
      (await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode)).limit(1)).length > 0
    ) {
      inviteCode = newInviteCode();
    }
    const now = this.now();
    const [row] = await db
      .insert(users)
      .values({
        email: input.email,
        phoneCountry: input.phoneCountry,
        phone: input.phone,
        passwordHash,
        inviteCode,
        inviterId: input.inviterId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  }

  async update(
    userId: number,
    values: Partial<Omit<UserRow, 'id' | 'createdAt'>>,
    db: Db = this.deps.db,
  ): Promise<void> {
    await db
      .update(users)
      .set({ ...values, updatedAt: this.now() })
      .where(eq(users.id, userId));
  }

  profile(row: UserRow): UserProfile {
    return {
      id: row.id,
      email: row.email,
      phone: row.phone,
      countryCode: row.phoneCountry,
      inviteCode: row.inviteCode,
      creditScore: row.creditScore,
      totpEnabled: row.totpEnabled,
      fundPasswordSet: row.fundPasswordHash !== null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  private now(): Date {
    return new Date(this.deps.clock.now());
  }
}

function toAccountUser(row: UserRow): AccountUser {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    phoneCountry: row.phoneCountry,
    inviteCode: row.inviteCode,
    inviterId: row.inviterId,
    creditScore: row.creditScore,
    totpEnabled: row.totpEnabled,
    fundPasswordSet: row.fundPasswordHash !== null,
    status: row.status,
    createdAt: row.createdAt,
  };
}

/** True when a database error is a unique-constraint violation (drizzle wraps the driver's error). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
