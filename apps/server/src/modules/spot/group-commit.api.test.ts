import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { service } from '../../platform/context.ts';
import { serverForSuite } from '../../testing/test-server.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';

const server = serverForSuite();

describe('spot group commit', () => {
  it('puts orders that arrive in separate I/O callbacks into one group, not one transaction each', async () => {
    const u = await server.createUser();
    await server.fund(u.id, 'USDT', 10_000_000_000n);
    const spot = service(server.built.ctx, 'spot');
    const count = 16;
    // each placement from its own macrotask, as requests read from separate sockets arrive: on the embedded
    // database a transaction never yields to the event loop, so without a turn before a group is cut the first
    // order would commit alone before the second callback even ran
    const placed = await Promise.all(
      Array.from(
        { length: count },
        (_, i) =>
          new Promise((resolve, reject) =>
            setImmediate(() =>
              spot
                .place(u.id, {
                  clientOrderId: `group-${i}`,
                  symbol: 'ETHUSDT',
                  side: 'buy',
                  type: 'limit',
                  price: String(1000 + i),
                  quantity: '0.01',
                })
                .then(resolve, reject),
            ),
          ),
      ),
    );
    expect(placed).toHaveLength(count);
    // a group's orders share its timestamp (the group's clock reading); separate transactions would not
    const groups = (
      (await server.built.ctx.db.execute(
        sql`select count(distinct created_at)::int as n from spot_orders where user_id = ${u.id}`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows[0]!.n;
    expect(groups).toBeLessThanOrEqual(2);
    expect((await ledgerCheck(server.built.ctx.db)).ok).toBe(true);
  });

  it('a group whose commit fails takes the groups started behind it along; they run again and only the bad order fails', async () => {
    const db = server.built.ctx.db;
    // a check that fails only at COMMIT, for one client id: the group holding it is decided, written, and lost
    await db.execute(sql`create function boom_at_commit() returns trigger language plpgsql as $$
      begin
        if new.client_order_id = 'boom-at-commit' then raise exception 'boom at commit'; end if;
        return null;
      end $$`);
    await db.execute(sql`create constraint trigger boom_at_commit after insert on spot_orders
      deferrable initially deferred for each row execute function boom_at_commit()`);
    try {
      const u = await server.createUser();
      await server.fund(u.id, 'USDT', 10_000_000_000n);
      const spot = service(server.built.ctx, 'spot');
      const place = (clientOrderId: string, price: number) =>
        spot.place(u.id, {
          clientOrderId,
          symbol: 'ETHUSDT',
          side: 'buy',
          type: 'limit',
          price: String(price),
          quantity: '0.01',
        });
      const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
      // the bad order first, alone in its group; the others arrive turn after turn while it is decided, written
      // and committed, so groups are cut and started behind it
      const bad = place('boom-at-commit', 900);
      const good: Array<Promise<unknown>> = [];
      for (let i = 0; i < 12; i++) {
        await turn();
        good.push(place(`behind-${i}`, 901 + i));
      }
      await expect(bad).rejects.toThrow();
      const placed = await Promise.all(good);
      expect(placed).toHaveLength(12);
      const stored = (
        (await db.execute(
          sql`select client_order_id, frozen_remaining::text as frozen from spot_orders where user_id = ${u.id}`,
        )) as unknown as { rows: Array<{ client_order_id: string; frozen: string }> }
      ).rows;
      expect(stored.map((r) => r.client_order_id).sort()).toEqual(good.map((_, i) => `behind-${i}`).sort());
      // the book in memory agrees with what was stored: every stored order rests there, the lost one does not
      const open = await spot.openOrders(u.id, 'ETHUSDT');
      expect(open.map((o) => o.clientOrderId).sort()).toEqual(stored.map((r) => r.client_order_id).sort());
      const frozen = (
        (await db.execute(
          sql`select frozen::text as frozen from ledger_accounts where user_id = ${u.id} and currency = 'USDT'`,
        )) as unknown as { rows: Array<{ frozen: string }> }
      ).rows[0]!.frozen;
      expect(BigInt(frozen)).toBe(stored.reduce((n, r) => n + BigInt(r.frozen), 0n));
      expect((await ledgerCheck(db)).ok).toBe(true);
      // and the market goes on: the next order is placed and answered
      await expect(place('after-the-loss', 950)).resolves.toMatchObject({ clientOrderId: 'after-the-loss' });
    } finally {
      await db.execute(sql`drop trigger boom_at_commit on spot_orders`);
      await db.execute(sql`drop function boom_at_commit()`);
    }
  });
});
