import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unprocessedFeePostings } from './fee-postings.ts';
import { useLedgerDatabase } from './ledger.test-helpers.ts';
import type { AccountRef } from './ledger-types.ts';

/**
 * The ledger's fee feed: fee postings in id order above a cursor, without those the consumer has examined, each
 * with the one user who paid it (or none when several users paid into one entry).
 */
const fx = useLedgerDatabase({ users: { count: 3, tag: 'feefeed' } });
const SEEN = { table: 'fee_feed_test_seen', postingIdColumn: 'posting_id' };

describe('the fee feed', () => {
  it('gives unexamined fee postings in order, above the cursor, with their payer', async () => {
    const { db, ledger, userIds } = fx;
    await db.execute(sql.raw(`create table ${SEEN.table} (posting_id bigint primary key)`));
    const spot = (i: number): AccountRef => ({ userId: userIds[i]!, currency: 'USDT', wallet: 'spot' });
    const fees: AccountRef = { system: 'fees', currency: 'USDT' };
    const btcFees: AccountRef = { system: 'fees', currency: 'BTC' };
    const outside = (currency: string): AccountRef => ({ system: 'outside_world', currency });
    for (let i = 0; i < 3; i += 1) {
      await ledger.transaction((tx) => ledger.transfer(tx, 'test.deposit', outside('USDT'), spot(i), 1_000n));
    }
    await ledger.transaction((tx) =>
      ledger.transfer(tx, 'test.deposit', outside('BTC'), { userId: userIds[2]!, currency: 'BTC', wallet: 'spot' }, 9n),
    );
    const fee = (i: number, amount: bigint) =>
      ledger.transaction((tx) => ledger.transfer(tx, 'test.fee', spot(i), fees, amount));
    const one = await fee(0, 5n);
    // two users lose USDT in one entry that pays the fee: nobody can be named
    const shared = await ledger.transaction((tx) =>
      ledger.post(tx, {
        kind: 'test.fee',
        movements: [
          { account: spot(0), available: -3n },
          { account: spot(1), available: -4n },
          { account: spot(2), available: 1n },
          { account: fees, available: 6n },
        ],
      }),
    );
    // a fee in another currency: the feed reads every fees account
    const btc = await ledger.transaction((tx) =>
      ledger.transfer(tx, 'test.fee', { userId: userIds[2]!, currency: 'BTC', wallet: 'spot' }, btcFees, 2n),
    );
    const many = [];
    for (let k = 0; k < 5; k += 1) many.push(await fee(1, BigInt(k + 1)));
    // a debit of the fees account is not a fee
    await ledger.transaction((tx) => ledger.transfer(tx, 'test.refund', fees, spot(1), 1n));

    const all = await unprocessedFeePostings(db, 100, SEEN);
    expect(all.map((p) => p.transactionId)).toEqual([one, shared, btc, ...many].map((x) => x.transactionId));
    expect(all.map((p) => p.postingId)).toEqual([...all.map((p) => p.postingId)].sort((a, b) => a - b));
    expect(all[0]).toMatchObject({ kind: 'test.fee', currency: 'USDT', amount: 5n, payerUserId: userIds[0] });
    expect(all[1]).toMatchObject({ amount: 6n, payerUserId: null });
    expect(all[2]).toMatchObject({ currency: 'BTC', amount: 2n, payerUserId: userIds[2] });
    expect(all.slice(3).map((p) => [p.amount, p.payerUserId])).toEqual(
      [1n, 2n, 3n, 4n, 5n].map((a) => [a, userIds[1]]),
    );

    // a limit takes the first ones in id order; examined ones are left out; the cursor skips what is below it
    expect((await unprocessedFeePostings(db, 2, SEEN)).map((p) => p.postingId)).toEqual(
      all.slice(0, 2).map((p) => p.postingId),
    );
    await db.execute(sql.raw(`insert into ${SEEN.table} values (${all[0]!.postingId}), (${all[3]!.postingId})`));
    expect((await unprocessedFeePostings(db, 3, SEEN)).map((p) => p.postingId)).toEqual(
      [all[1], all[2], all[4]].map((p) => p!.postingId),
    );
    expect((await unprocessedFeePostings(db, 100, SEEN, all[4]!.postingId)).map((p) => p.postingId)).toEqual(
      all.slice(5).map((p) => p.postingId),
    );
    expect(await unprocessedFeePostings(db, 100, SEEN, all[all.length - 1]!.postingId)).toEqual([]);
    // and nothing above the horizon given
    expect(
      (await unprocessedFeePostings(db, 100, SEEN, all[4]!.postingId, all[6]!.postingId)).map((p) => p.postingId),
    ).toEqual(all.slice(5, 7).map((p) => p.postingId));
  });
});
