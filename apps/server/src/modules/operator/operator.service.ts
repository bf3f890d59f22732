import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto/password.ts';
import { newTotpSecret, totpUri } from '../../platform/crypto/totp.ts';
import { OPERATOR_ROLES, operators, type OperatorRole } from './operator.schema.ts';
import type { OperatorView } from '@tidemark/contract/operators';

export type { OperatorView } from '@tidemark/contract/operators';

export interface OperatorServiceDeps {
  db: Db;
  clock: Clock;
}

export class OperatorService {
  private dummyHashPromise: Promise<string> | null = null;
  private readonly deps: OperatorServiceDeps;
  constructor(deps: OperatorServiceDeps) {
    this.deps = deps;
  }

  private get dummyHash(): Promise<string> {
    this.dummyHashPromise ??= hashPassword('not-a-real-operator-password-0');
    return this.dummyHashPromise;
  }

  /** Creates an operator with a fresh TOTP secret; the secret is shown once to whoever creates it. */
  async create(
    input: {
      email: string;
      name: string;
      password: string;
      roles: OperatorRole[];
      /** An authenticator already enrolled (the setup link), with the step of the code that proved it. */
      totpSecret?: string;
      totpLastStep?: number;
    },
    db: Db = this.deps.db,
  ) {
    for (const r of input.roles) if (!OPERATOR_ROLES.includes(r)) throw new Error(`unknown role ${r}`);
    const totpSecret = input.totpSecret ?? newTotpSecret();
    const email = input.email.trim().toLowerCase();
    const [row] = await db
      .insert(operators)
      .values({
        email,
        name: input.name,
        passwordHash: await hashPassword(input.password),
        totpSecret,
        roles: input.roles,
        totpLastStep: input.totpLastStep ?? null,
      })
      .returning();
    return { operator: toView(row!), totpSecret, otpauthUrl: totpUri(totpSecret, `operator:${email}`) };
  }

  /**
   * An active operator whose password is right, with the TOTP secret the caller checks next; null
   * otherwise (no hint which). Unknown e-mails verify against a dummy hash so both take as long.
   */
  async checkPassword(email: string, password: string): Promise<{ view: OperatorView; totpSecret: string } | null> {
    const [row] = await this.deps.db.select().from(operators).where(eq(operators.email, email.trim().toLowerCase()));
    if (!row || !row.active) {
      await verifyPassword(await this.dummyHash, password);
      return null;
    }
    if (!(await verifyPassword(row.passwordHash, password))) return null;
    return { view: toView(row), totpSecret: row.totpSecret };
  }

  /** Stores an accepted TOTP step if later than the last one (a code works once); false for a replay. */
  async claimTotpStep(id: number, step: number): Promise<boolean> {
    const rows = await this.deps.db
      .update(operators)
      .set({ totpLastStep: step })
      .where(and(eq(operators.id, id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
      .returning({ id: operators.id });
    return rows.length > 0;
  }

  async exists(email: string): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.email, email.trim().toLowerCase()));
    return row !== undefined;
  }

  async get(id: number, db: Db = this.deps.db): Promise<OperatorView | null> {
    const [row] = await db.select().from(operators).where(eq(operators.id, id));
    return row ? toView(row) : null;
  }

  async list(): Promise<OperatorView[]> {
    return (await this.deps.db.select().from(operators).orderBy(operators.id)).map(toView);
  }

  /** Changes an operator's roles or switches them off; null when there is no such operator. */
  async update(id: number, change: { roles?: OperatorRole[]; active?: boolean }, db: Db = this.deps.db) {
    const set: Partial<typeof operators.$inferInsert> = {};
    if (change.roles) set.roles = change.roles;
    if (change.active !== undefined) set.active = change.active;
    const [row] = await db.update(operators).set(set).where(eq(operators.id, id)).returning();
    return row ? toView(row) : null;
  }

  /**
   * A locked-out operator starts again: a new password and a new authenticator secret (shown once to
   * the super admin who resets it), and no accepted code is carried over.
   */
  async reset(id: number, password: string, db: Db = this.deps.db) {
    const totpSecret = newTotpSecret();
    const [row] = await db
      .update(operators)
      .set({ passwordHash: await hashPassword(password), totpSecret, totpLastStep: null })
      .where(eq(operators.id, id))
      .returning();
    if (!row) return null;
    return { operator: toView(row), totpSecret, otpauthUrl: totpUri(totpSecret, `operator:${row.email}`) };
  }

  /** Active super admins other than this one: the last one may not be disabled or demoted. */
  async otherActiveSuperAdmins(exceptId: number, db: Db = this.deps.db): Promise<number> {
    const rows = await db.select().from(operators).where(eq(operators.active, true));
    return rows.filter((r) => r.id !== exceptId && r.roles.includes('super_admin')).length;
  }

  async count(db: Db = this.deps.db): Promise<number> {
    return (await db.select({ id: operators.id }).from(operators)).length;
  }
}

function toView(row: typeof operators.$inferSelect): OperatorView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles,
    active: row.active,
    createdAt: row.createdAt.getTime(),
  };
}
