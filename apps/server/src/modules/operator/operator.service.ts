import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto/password.ts';
import { newTotpSecret, totpUri, verifyTotp } from '../../platform/crypto/totp.ts';
import { OPERATOR_ROLES, operators, type OperatorRole } from './operator.schema.ts';

export interface OperatorView {
  id: number;
  email: string;
  name: string;
  roles: string[];
  active: boolean;
  createdAt: number;
}

export class OperatorService {
  private readonly db: Db;
  private readonly clock: Clock;
  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  /** Creates an operator with a fresh TOTP secret; the secret is shown once to whoever creates it. */
  async create(input: { email: string; name: string; password: string; roles: OperatorRole[] }, db: Db = this.db) {
    for (const r of input.roles) if (!OPERATOR_ROLES.includes(r)) throw new Error(`unknown role ${r}`);
    const totpSecret = newTotpSecret();
    const email = input.email.trim().toLowerCase();
    const [row] = await db
      .insert(operators)
      .values({
        email,
        name: input.name,
        passwordHash: await hashPassword(input.password),
        totpSecret,
        roles: input.roles,
      })
      .returning();
    return { operator: toView(row!), totpSecret, otpauthUrl: totpUri(totpSecret, `operator:${email}`) };
  }

  /** Password and TOTP code both right, and the operator active; null otherwise (no hint which). */
  async authenticate(email: string, password: string, code: string): Promise<OperatorView | null> {
    const [row] = await this.db.select().from(operators).where(eq(operators.email, email.trim().toLowerCase()));
    if (!row || !row.active) return null;
    if (!(await verifyPassword(row.passwordHash, password))) return null;
    if (!verifyTotp(row.totpSecret, code, this.clock)) return null;
    return toView(row);
  }

  async get(id: number): Promise<OperatorView | null> {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, id));
    return row ? toView(row) : null;
  }

  async list(): Promise<OperatorView[]> {
    return (await this.db.select().from(operators).orderBy(operators.id)).map(toView);
  }

  async count(): Promise<number> {
    return (await this.db.select({ id: operators.id }).from(operators)).length;
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
