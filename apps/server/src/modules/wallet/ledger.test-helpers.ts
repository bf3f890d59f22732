import fc from 'fast-check';
import { afterAll } from 'vitest';
import { systemClock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { beforeAllValue } from '../../testing/before-all-value.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { users } from '../account/user.schema.ts';
import { LedgerService } from './ledger.service.ts';
import type { UserWallet } from './ledger.schema.ts';

export interface LedgerFixture {
  handle: Awaited<ReturnType<typeof createTestDatabase>>;
  db: Db;
  ledger: LedgerService;
  /** The users made for the file, in order. */
  userIds: number[];
}

/**
 * A test database and a ledger on it, made before the file's tests and disposed after them. `accountsApart`
 * creates accounts on the autocommit pool, as the wallet module builds the ledger; `users` inserts that many
 * users whose emails and invite codes carry `tag`, so files sharing a database do not collide.
 */
export function useLedgerDatabase(
  opts: { accountsApart?: boolean; users?: { count: number; tag: string } } = {},
): LedgerFixture {
  let handle: LedgerFixture['handle'] | undefined;
  const fixture = beforeAllValue(async (): Promise<LedgerFixture> => {
    handle = await createTestDatabase();
    const db = handle.database.db;
    const ledger = new LedgerService(
      db,
      systemClock,
      opts.accountsApart ? { createAccountsOn: handle.database.autocommit } : {},
    );
    const userIds: number[] = [];
    const { count = 0, tag = '' } = opts.users ?? {};
    for (let i = 0; i < count; i += 1) {
      const [u] = await db
        .insert(users)
        .values({ email: `${tag}${i}@example.com`, passwordHash: 'x', inviteCode: `${tag.toUpperCase()}${i}` })
        .returning();
      userIds.push(u!.id);
    }
    return { handle, db, ledger, userIds };
  }, 240_000);
  afterAll(async () => {
    await handle?.dispose();
  });
  return fixture;
}

/** The currencies the ledger's property tests move money in. */
export const CURRENCIES = ['USDT', 'BTC'] as const;
const WALLETS: UserWallet[] = ['spot', 'futures', 'earn'];

/** Random picks the ledger's property tests build commands from: a fixture user by index, a currency, a wallet. */
export function ledgerPicks(userCount: number) {
  return {
    user: fc.integer({ min: 0, max: userCount - 1 }),
    currency: fc.constantFrom(...CURRENCIES),
    wallet: fc.constantFrom(...WALLETS),
  };
}
