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
});
