import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { users } from '../account/user.schema.ts';
import { ledgerCheck } from './ledger-check.ts';
import { useLedgerDatabase } from './ledger.test-helpers.ts';
import { InsufficientBalance, type AccountRef } from './ledger-types.ts';

/**
 * What the spot group commit folds into the ledger's statements: the caller's read in the lock statement, the
 * accounts it expects to credit locked up front only when they exist, and the caller's writes in the flush
 * statement. Same meaning as the separate statements: same balances, nothing created that was not used.
 */
const fx = useLedgerDatabase({ accountsApart: true });
type Rows<T> = { rows: T[] };
const rows = async <T>(q: ReturnType<typeof sql>) => ((await fx.db.execute(q)) as unknown as Rows<T>).rows;

describe('ledger batch statements shared with the caller', () => {
  it('runs the caller read with the lock, locks known credit accounts only, and writes with the flush', async () => {
    const [u] = await fx.db
      .insert(users)
      .values({ email: 'statements@example.com', passwordHash: 'x', inviteCode: 'STMTS' })
      .returning();
    const usdt: AccountRef = { userId: u!.id, currency: 'USDT', wallet: 'spot' };
    const btc: AccountRef = { userId: u!.id, currency: 'BTC', wallet: 'spot' };
    const eth: AccountRef = { userId: u!.id, currency: 'ETH', wallet: 'spot' };
    const fees: AccountRef = { system: 'fees', currency: 'USDT' };
    const outside: AccountRef = { system: 'outside_world', currency: 'USDT' };
    await fx.ledger.transaction(async (tx) => {
      await fx.ledger.transfer(tx, 'test.deposit', outside, usdt, 1_000n);
      await fx.ledger.transfer(tx, 'test.deposit', { system: 'outside_world', currency: 'BTC' }, btc, 5n);
      await fx.ledger.transfer(tx, 'test.deposit', outside, fees, 1n);
    });

    // an id is known once a committed row was read (the embedded database creates accounts inside the
    // transaction that first needs them, and only a later read shares their id)
    await fx.ledger.transaction(async (tx) => {
      await fx.ledger.batch(tx).lock([btc, fees]);
    });

    const result = await fx.ledger.transaction(async (tx) => {
      const batch = fx.ledger.batch(tx);
      const read = await batch.lock<{ answer: number }>([usdt], {
        known: [btc, eth, fees],
        alongside: sql`select 41 + 1 as answer`,
      });
      expect(read?.answer).toBe(42);
      // usdt was asked for, btc and fees exist: all three locked and readable; eth does not exist and was
      // neither created nor locked
      expect(batch.balanceOf(usdt)).toEqual({ available: 1_000n, frozen: 0n });
      expect(batch.balanceOf(btc)).toEqual({ available: 5n, frozen: 0n });
      expect(batch.balanceOf(fees)).toEqual({ available: 1n, frozen: 0n });
      expect(() => batch.balanceOf(eth)).toThrow(/not locked/);

      // a refusal of a locked account changes nothing and is a refusal
      expect(() =>
        batch.apply({ kind: 'test.spend', movements: [{ account: usdt, available: -2_000n, frozen: 2_000n }] }),
      ).toThrow(InsufficientBalance);
      // a credit-only promise broken on a locked account is a bug that fails the batch, not a refusal
      const held = { has: () => true };
      let broken: unknown;
      try {
        batch.apply(
          {
            kind: 'test.bug',
            movements: [
              { account: btc, frozen: -1n },
              { account: fees, frozen: 1n },
            ],
          },
          held,
        );
      } catch (err) {
        broken = err;
      }
      expect(broken).toBeInstanceOf(Error);
      expect(broken).not.toBeInstanceOf(InsufficientBalance);

      batch.apply({
        kind: 'test.fee',
        movements: [
          { account: usdt, available: -10n },
          { account: fees, available: 10n },
        ],
      });
      const { ids, row } = await batch.flushWith<{ marked: number[] }>({
        ctes: sql`mark as (select generate_series(1, 3) as n)`,
        columns: sql`(select array_agg(n order by n) from mark) as marked`,
      });
      expect(ids).toHaveLength(1);
      return row;
    });
    expect(result?.marked).toEqual([1, 2, 3]);
    expect(await fx.ledger.balance(usdt)).toMatchObject({ available: 990n, frozen: 0n });
    expect(await fx.ledger.balance(fees)).toMatchObject({ available: 11n });
    const created = await rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_accounts where user_id = ${u!.id} and currency = 'ETH'`,
    );
    expect(created[0]!.n).toBe(0);
    expect((await ledgerCheck(fx.db)).ok).toBe(true);
  });

  it('refuses, in the database, a posting in another currency than its account and a transaction unbalanced later', async () => {
    const [acct] = await rows<{ id: string }>(
      sql`select id::text from ledger_accounts where system_name = 'fees' and currency = 'USDT'`,
    );
    const [tx] = await rows<{ id: string }>(
      sql`select id::text from ledger_transactions where kind = 'test.fee' order by id desc limit 1`,
    );
    const post = (txId: string, currency: string, delta: number) =>
      fx.db
        .execute(sql`insert into ledger_postings (transaction_id, account_id, currency, available_delta, frozen_delta)
        values (${txId}::bigint, ${acct!.id}::bigint, ${currency}, ${delta}, 0), (${txId}::bigint, ${acct!.id}::bigint, ${currency}, ${-delta}, 0)`);
    // balanced by itself, but in BTC on a USDT account
    await expect(post(tx!.id, 'BTC', 5)).rejects.toThrow();
    // balanced postings added to an existing transaction are fine; one more that unbalances it is not
    await expect(
      fx.db
        .execute(sql`insert into ledger_postings (transaction_id, account_id, currency, available_delta, frozen_delta)
        values (${tx!.id}::bigint, ${acct!.id}::bigint, 'USDT', 1, 0)`),
    ).rejects.toThrow();
    expect((await ledgerCheck(fx.db)).ok).toBe(true);
  });
});
