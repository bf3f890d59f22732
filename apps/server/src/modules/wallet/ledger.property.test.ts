import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ledgerCheck } from './ledger-check.ts';
import { CURRENCIES, ledgerPicks, useLedgerDatabase } from './ledger.test-helpers.ts';
import type { AccountRef } from './ledger.service.ts';

/**
 * Random sequences of the money operations against the real ledger on the test database: the
 * ledger must agree with a simple model after every step (refused steps change nothing), and
 * ledgerCheck (conservation, balances = postings, nothing negative) must hold after each one.
 */
const USERS = 3;
const fx = useLedgerDatabase({ users: { count: USERS, tag: 'p' } });

beforeAll(async () => {
  // the convert desk's inventory is platform capital from the outside world
  await fx.ledger.transaction(async (tx) => {
    for (const c of CURRENCIES) {
      await fx.ledger.transfer(
        tx,
        'capital',
        { system: 'outside_world', currency: c },
        { system: 'convert_desk', currency: c },
        10n ** 15n,
      );
    }
  });
});

const { user, currency, wallet } = ledgerPicks(USERS);
const amount = fc.bigInt({ min: 1n, max: 5_000n });
const op = fc.oneof(
  fc.record({ t: fc.constant('deposit' as const), user, currency, amount }),
  fc.record({ t: fc.constant('freeze' as const), user, currency, amount }),
  fc.record({ t: fc.constant('release' as const), user, currency, amount }),
  fc.record({ t: fc.constant('transfer' as const), user, currency, from: wallet, to: wallet, amount }),
  fc.record({ t: fc.constant('convert' as const), user, amount, rate: fc.bigInt({ min: 1n, max: 50n }) }),
  fc.record({
    t: fc.constant('withdraw' as const),
    user,
    currency,
    amount,
    outcome: fc.constantFrom('complete', 'reject'),
  }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const spot = (u: number, c: string): AccountRef => ({ userId: fx.userIds[u]!, currency: c, wallet: 'spot' });

async function apply(o: Op): Promise<void> {
  await fx.ledger.transaction(async (tx) => {
    switch (o.t) {
      case 'deposit':
        await fx.ledger.transfer(
          tx,
          'deposit',
          { system: 'outside_world', currency: o.currency },
          spot(o.user, o.currency),
          o.amount,
        );
        return;
      case 'freeze':
        await fx.ledger.freeze(tx, 'hold', spot(o.user, o.currency), o.amount);
        return;
      case 'release':
        await fx.ledger.release(tx, 'hold.release', spot(o.user, o.currency), o.amount);
        return;
      case 'transfer':
        if (o.from === o.to) return;
        await fx.ledger.transfer(
          tx,
          'transfer',
          { userId: fx.userIds[o.user]!, currency: o.currency, wallet: o.from },
          { userId: fx.userIds[o.user]!, currency: o.currency, wallet: o.to },
          o.amount,
        );
        return;
      case 'convert':
        // sell `amount` BTC units for amount × rate USDT units (fee 1 unit to the fee account)
        await fx.ledger.post(tx, {
          kind: 'convert',
          movements: [
            { account: spot(o.user, 'BTC'), available: -o.amount },
            { account: { system: 'convert_desk', currency: 'BTC' }, available: o.amount },
            { account: { system: 'convert_desk', currency: 'USDT' }, available: -(o.amount * o.rate) },
            { account: spot(o.user, 'USDT'), available: o.amount * o.rate - 1n },
            { account: { system: 'fees', currency: 'USDT' }, available: 1n },
          ],
        });
        return;
      case 'withdraw': {
        const acct = spot(o.user, o.currency);
        await fx.ledger.freeze(tx, 'withdraw.freeze', acct, o.amount);
        if (o.outcome === 'reject') {
          await fx.ledger.release(tx, 'withdraw.reject', acct, o.amount);
        } else {
          await fx.ledger.settleFrozen(tx, 'withdraw.send', acct, [
            { account: { system: 'hot_wallet', currency: o.currency }, amount: o.amount },
          ]);
          await fx.ledger.transfer(
            tx,
            'withdraw.confirm',
            { system: 'hot_wallet', currency: o.currency },
            { system: 'outside_world', currency: o.currency },
            o.amount,
          );
        }
      }
    }
  });
}

/** The model: what each user's balances must be. */
function modelApply(m: Map<string, { a: bigint; f: bigint }>, o: Op): boolean {
  const get = (u: number, c: string, w: string) => m.get(`${u}|${c}|${w}`) ?? { a: 0n, f: 0n };
  const set = (u: number, c: string, w: string, v: { a: bigint; f: bigint }) => m.set(`${u}|${c}|${w}`, v);
  switch (o.t) {
    case 'deposit': {
      const s = get(o.user, o.currency, 'spot');
      set(o.user, o.currency, 'spot', { a: s.a + o.amount, f: s.f });
      return true;
    }
    case 'freeze': {
      const s = get(o.user, o.currency, 'spot');
      if (s.a < o.amount) return false;
      set(o.user, o.currency, 'spot', { a: s.a - o.amount, f: s.f + o.amount });
      return true;
    }
    case 'release': {
      const s = get(o.user, o.currency, 'spot');
      if (s.f < o.amount) return false;
      set(o.user, o.currency, 'spot', { a: s.a + o.amount, f: s.f - o.amount });
      return true;
    }
    case 'transfer': {
      if (o.from === o.to) return true;
      const s = get(o.user, o.currency, o.from);
      if (s.a < o.amount) return false;
      const d = get(o.user, o.currency, o.to);
      set(o.user, o.currency, o.from, { a: s.a - o.amount, f: s.f });
      set(o.user, o.currency, o.to, { a: d.a + o.amount, f: d.f });
      return true;
    }
    case 'convert': {
      const b = get(o.user, 'BTC', 'spot');
      if (b.a < o.amount) return false;
      const u = get(o.user, 'USDT', 'spot');
      set(o.user, 'BTC', 'spot', { a: b.a - o.amount, f: b.f });
      set(o.user, 'USDT', 'spot', { a: u.a + o.amount * o.rate - 1n, f: u.f });
      return true;
    }
    case 'withdraw': {
      const s = get(o.user, o.currency, 'spot');
      if (s.a < o.amount) return false;
      if (o.outcome === 'complete') set(o.user, o.currency, 'spot', { a: s.a - o.amount, f: s.f });
      return true;
    }
  }
}

/**
 * Inserts a forged journal transaction and, in the same database transaction, the postings `postings` writes for
 * its id: the way around the ledger service that the database itself must refuse.
 */
const forge = (postings: (txId: string) => ReturnType<typeof sql>) =>
  fx.db.transaction(async (tx) => {
    const r = (await tx.execute(
      sql`insert into ledger_transactions (kind) values ('forged') returning id`,
    )) as unknown as { rows: Array<{ id: unknown }> };
    await tx.execute(postings(String(r.rows[0]!.id)));
  });

describe('ledger under random operations (property)', () => {
  it('conserves money, never goes negative and matches the model after every step', async () => {
    const model = new Map<string, { a: bigint; f: bigint }>();
    // the database persists across runs, so the model does too: each run continues the history
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          const allowed = modelApply(model, o);
          let refused = false;
          try {
            await apply(o);
          } catch (err) {
            if ((err as { errorKey?: string }).errorKey !== 'INSUFFICIENT_BALANCE') throw err;
            refused = true;
          }
          expect(refused).toBe(!allowed);
          const check = await ledgerCheck(fx.db);
          expect(check.problems).toEqual([]);
        }
        for (let u = 0; u < 3; u += 1) {
          for (const b of await fx.ledger.balancesOf(fx.userIds[u]!)) {
            const want = model.get(`${u}|${b.currency}|${b.wallet}`) ?? { a: 0n, f: 0n };
            expect({ a: b.available, f: b.frozen }).toEqual(want);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses updates and deletes of the journal, and an unbalanced entry at commit', async () => {
    await expect(fx.db.execute(sql`update ledger_postings set available_delta = 0`)).rejects.toThrow();
    await expect(fx.db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
    const [acct] = (
      (await fx.db.execute(sql`select id from ledger_accounts limit 1`)) as unknown as { rows: Array<{ id: unknown }> }
    ).rows;
    await expect(
      forge(
        (id) => sql`insert into ledger_postings (transaction_id, account_id, currency, available_delta, frozen_delta)
          select ${id}::bigint, id, currency, 5, 0 from ledger_accounts where id = ${String(acct!.id)}::bigint`,
      ),
    ).rejects.toThrow();
    expect((await ledgerCheck(fx.db)).ok).toBe(true);
  });

  it('refuses a posting without its account or journal transaction, and never lets an account go', async () => {
    const one = async (q: ReturnType<typeof sql>) => {
      const r = (await fx.db.execute(q)) as unknown as { rows: Array<{ id: unknown; currency?: unknown }> };
      return r.rows[0]!;
    };
    const acct = await one(sql`select id, currency from ledger_accounts order by id limit 1`);
    const missingId = await one(sql`select coalesce(max(id), 0) + 1000 as id from ledger_accounts`);
    // balanced, but one leg names an account that does not exist
    await expect(
      forge(
        (id) => sql`insert into ledger_postings (transaction_id, account_id, currency, available_delta, frozen_delta)
          values (${id}::bigint, ${String(acct.id)}::bigint, ${String(acct.currency)}, 5, 0),
                 (${id}::bigint, ${String(missingId.id)}::bigint, ${String(acct.currency)}, -5, 0)`,
      ),
    ).rejects.toThrow();
    // a posting whose journal transaction does not exist
    await expect(
      fx.db
        .execute(sql`insert into ledger_postings (transaction_id, account_id, currency, available_delta, frozen_delta)
        values (-1, ${String(acct.id)}::bigint, ${String(acct.currency)}, 5, 0),
               (-1, ${String(acct.id)}::bigint, ${String(acct.currency)}, -5, 0)`),
    ).rejects.toThrow();
    await expect(
      fx.db.execute(sql`delete from ledger_accounts where id = ${String(acct.id)}::bigint`),
    ).rejects.toThrow();
    await expect(
      fx.db.execute(sql`update ledger_accounts set id = id + 1000000 where id = ${String(acct.id)}::bigint`),
    ).rejects.toThrow();
    await expect(fx.db.execute(sql`truncate ledger_transactions cascade`)).rejects.toThrow();
    // a spot trade between orders that do not exist
    await expect(
      fx.db.execute(sql`insert into spot_trades (symbol, price_ticks, qty_lots, base_amount, quote_amount, taker_side,
          taker_order_id, maker_order_id, taker_user_id, maker_user_id, taker_fee, maker_fee, demo, created_at)
        values ('BTCUSDT', 1, 1, 1, 1, 'buy', -1, -2, 1, 1, 0, 0, false, now())`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/names an order that does not exist/) } });
    expect((await ledgerCheck(fx.db)).ok).toBe(true);
  });

  it('refuses a negative user balance in the database itself', async () => {
    await expect(
      fx.db.execute(sql`update ledger_accounts set available = -1 where owner_kind = 'user'`),
    ).rejects.toThrow();
  });
});
