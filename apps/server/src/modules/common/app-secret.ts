import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { appSecrets } from './common.schema.ts';

/**
 * A named server secret, created at random on first use and kept in the database, so every
 * process of one installation signs and checks with the same key and a restart keeps it.
 */
export async function loadSecret(db: Db, name: string): Promise<Buffer> {
  // insert-if-absent then read: two processes starting together agree on the first one written
  await db
    .insert(appSecrets)
    .values({ name, secret: crypto.randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  return Buffer.from(row!.secret, 'base64');
}

/** A named secret as its users see it: loaded on first use, then served from memory. */
export interface SecretHolder {
  get(): Promise<Buffer>;
}

/** Caches a secret after its first load; a failed load is tried again on the next use. */
export function holdSecret(db: Db, name: string): SecretHolder {
  let value: Promise<Buffer> | null = null;
  return {
    get() {
      if (!value) {
        value = loadSecret(db, name);
        value.catch(() => {
          value = null;
        });
      }
      return value;
    },
  };
}
