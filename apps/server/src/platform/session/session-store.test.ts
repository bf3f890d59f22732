import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { systemClock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { sessions } from './session.schema.ts';
import { SessionStore } from './session-store.ts';

/** The in-memory session cache: no database read per request, revocation honoured within a second. */
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
// sessions name their principal without a foreign key (users and operators share the table)
const userId = 7;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.database.db;
});
afterAll(async () => {
  await handle?.dispose();
});

describe('session cache', () => {
  it('answers a known token from memory and forgets it at once when revoked in this process', async () => {
    const store = new SessionStore(db, systemClock, 3_600_000);
    const { token, session } = await store.create('user', userId, {});
    expect((await store.resolve(token, 'user'))?.id).toBe(session.id);
    // the row is gone from the database's point of view, yet a cached read does not need it
    await db.update(sessions).set({ principalKind: 'operator' }).where(eq(sessions.id, session.id));
    expect((await store.resolve(token, 'user'))?.id).toBe(session.id);
    await db.update(sessions).set({ principalKind: 'user' }).where(eq(sessions.id, session.id));
    expect(await store.revoke('user', userId, session.id)).toBe(true);
    expect(await store.resolve(token, 'user')).toBeNull();
  });

  it('honours a revocation made elsewhere within one second', async () => {
    const store = new SessionStore(db, systemClock, 3_600_000);
    const { token, session } = await store.create('user', userId, {});
    expect(await store.resolve(token, 'user')).not.toBeNull();
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.id));
    await new Promise((r) => setTimeout(r, 1_050));
    expect(await store.resolve(token, 'user')).toBeNull();
  });

  it('never answers for another kind of principal or an unknown token', async () => {
    const store = new SessionStore(db, systemClock, 3_600_000);
    const { token } = await store.create('user', userId, {});
    await store.resolve(token, 'user');
    expect(await store.resolve(token, 'operator')).toBeNull();
    expect(await store.resolve(`${token}x`, 'user')).toBeNull();
  });

  it('sends one read for many requests that carry the same token at the same moment', async () => {
    const store = new SessionStore(db, systemClock, 3_600_000);
    const { token, session } = await store.create('user', userId, {});
    const read = vi.spyOn(db, 'select');
    const answers = await Promise.all(Array.from({ length: 50 }, () => store.resolve(token, 'user')));
    expect(answers.every((a) => a?.id === session.id)).toBe(true);
    expect(read).toHaveBeenCalledTimes(1);
    read.mockRestore();
  });

  it('does not keep an answer read before a revocation made in this process', async () => {
    const store = new SessionStore(db, systemClock, 3_600_000);
    const { token, session } = await store.create('user', userId, {});
    const reading = store.resolve(token, 'user');
    // the revocation lands while the read is on its way: the next request must see it
    await store.revoke('user', userId, session.id);
    await reading;
    expect(await store.resolve(token, 'user')).toBeNull();
  });
});
