import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { users } from './user.schema.ts';

/**
 * A user given by id or by e-mail, as the operator's tools accept them (the back office and the
 * command line); null when there is none. E-mail is compared as stored (trimmed, lower case).
 */
export async function userIdByIdOrEmail(db: Db, user: number | string): Promise<number | null> {
  const where =
    typeof user === 'number' || /^\d+$/.test(user)
      ? eq(users.id, Number(user))
      : eq(users.email, String(user).trim().toLowerCase());
  const [row] = await db.select({ id: users.id }).from(users).where(where).limit(1);
  return row?.id ?? null;
}
