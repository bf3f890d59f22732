import { describe, expect, it } from 'vitest';
import { users } from '../account/user.schema.ts';
import { ledgerCheck } from './ledger-check.ts';
import { useLedgerDatabase } from './ledger.test-helpers.ts';
import type { AccountRef } from './ledger-types.ts';

/**
 * Many transactions need the same account that does not exist yet while holding another account's lock, the
 * way transfers into a user's first futures account do; most of them then roll back (a refused command does).
 * None may deadlock or get an id that a rollback took away. On PostgreSQL (DATABASE_URL) the transactions run
 * on separate pooled connections and really race; on the embedded database they run one at a time.
 */
// as the wallet module builds it: on PostgreSQL, accounts are created on the database's autocommit pool
const fx = useLedgerDatabase({ accountsApart: true });

class Refused extends Error {}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a new account wanted by racing transactions', () => {
  it('is created once, without a deadlock, whatever the transactions that roll back did', async () => {
    const outside: AccountRef = { system: 'outside_world', currency: 'USDT' };
    for (let round = 0; round < 5; round += 1) {
      const [u] = await fx.db
        .insert(users)
        .values({ email: `race${round}@example.com`, passwordHash: 'x', inviteCode: `RACE${round}` })
        .returning();
      const spot: AccountRef = { userId: u!.id, currency: 'USDT', wallet: 'spot' };
      const futures: AccountRef = { userId: u!.id, currency: 'USDT', wallet: 'futures' };
      await fx.ledger.transaction((tx) => fx.ledger.transfer(tx, 'test.deposit', outside, spot, 1_000n));
      const N = 12;
      const results = await Promise.allSettled(
        Array.from({ length: N }, (_, i) =>
          fx.ledger.transaction(async (tx) => {
            // the first transfer into the futures wallet creates its account
            await fx.ledger.transfer(tx, 'transfer', spot, futures, 5n);
            await sleep(5);
            if (i % 3 === 0) throw new Refused(`command ${i} refused`);
            return i;
          }),
        ),
      );
      const unexpected = results.filter((r) => r.status === 'rejected' && !(r.reason instanceof Refused));
      expect(unexpected).toEqual([]);
      const committed = results.filter((r) => r.status === 'fulfilled').length;
      expect(committed).toBe(N - Math.ceil(N / 3));
      const balance = await fx.ledger.transaction(async (tx) => {
        const batch = fx.ledger.batch(tx);
        await batch.lock([futures]);
        return batch.balanceOf(futures);
      });
      expect(balance.available).toBe(5n * BigInt(committed));
    }
    expect((await ledgerCheck(fx.db)).problems).toEqual([]);
  });
});
