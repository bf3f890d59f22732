import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/database.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { FuturesCommitter, type Rebuildable } from './futures-committer.ts';
import { noEffects, type FuturesEffects } from './futures-effects.ts';

/**
 * The futures group commit on a real database (PGlite, or PostgreSQL when DATABASE_URL is set): commands
 * queued together share one transaction, a failing one rolls back alone and its book is rebuilt from what
 * the group has written so far, callers are answered after the commit, and order is arrival order.
 */
let env: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;

beforeAll(async () => {
  env = await createTestDatabase();
  db = env.database.db;
  await db.execute(sql`create table committer_probe (id serial primary key, book text not null, n int not null)`);
  await db.execute(
    sql`create table committer_deferred (x int references committer_probe(id) deferrable initially deferred)`,
  );
});
afterAll(() => env.dispose());

/** A book whose rebuild reads what its transaction sees. */
class ProbeBook implements Rebuildable {
  readonly rebuilds: Array<number> = [];
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
  async rebuild(executor: Db = db): Promise<void> {
    const r = await executor.execute(sql`select count(*)::int as n from committer_probe where book = ${this.name}`);
    this.rebuilds.push((r as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
  }
}

const insert = (book: string, n: number) => async (tx: Db) => {
  await tx.execute(sql`insert into committer_probe (book, n) values (${book}, ${n})`);
  return n;
};

async function rows(book: string): Promise<number[]> {
  const r = await db.execute(sql`select n from committer_probe where book = ${book} order by id`);
  return (r as unknown as { rows: Array<{ n: number }> }).rows.map((x) => x.n);
}

describe('futures group commit', () => {
  it('commits a group in arrival order; a failing command rolls back alone and rebuilds from the group so far', async () => {
    const committer = new FuturesCommitter(db);
    const a = new ProbeBook('a');
    const b = new ProbeBook('b');
    const results = await Promise.allSettled([
      committer.run(a, insert('a', 1)),
      committer.run(b, insert('b', 1)),
      committer.run(a, insert('a', 2)),
      committer.run(a, async (tx) => {
        await insert('a', 99)(tx);
        throw new Error('refused');
      }),
      committer.run(b, insert('b', 2)),
      committer.run(a, insert('a', 3)),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((results[3] as PromiseRejectedResult).reason.message).toBe('refused');
    expect(await rows('a')).toEqual([1, 2, 3]);
    expect(await rows('b')).toEqual([1, 2]);
    // the failing command's book saw the group's two earlier rows, not its own rolled-back one
    expect(a.rebuilds).toEqual([2]);
    expect(b.rebuilds).toEqual([]);
  });

  it('answers nobody before the commit, and fails the whole group when the commit fails', async () => {
    const committer = new FuturesCommitter(db);
    const c = new ProbeBook('c');
    const answered: number[] = [];
    const first = committer.run(c, insert('c', 1)).then((n) => answered.push(n));
    // queued while the first commits: a group of two, the second breaks the transaction outside any savepoint
    const group = [
      committer.run(c, insert('c', 2)).then((n) => answered.push(n)),
      committer.run(c, async (tx) => {
        // a deferred constraint fails only at commit: both commands of the group are refused
        await tx.execute(sql`insert into committer_deferred values (-1)`);
        return 0;
      }),
    ];
    await first;
    const settled = await Promise.allSettled(group);
    expect(settled.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(answered).toEqual([1]);
    expect(await rows('c')).toEqual([1]);
    expect(c.rebuilds.length).toBeGreaterThan(0);
  });

  it('runs a command that brings its own transaction alone, in order', async () => {
    const committer = new FuturesCommitter(db);
    const d = new ProbeBook('d');
    const own = <T>(body: (tx: Db) => Promise<T>) => db.transaction((tx) => body(tx as unknown as Db));
    const out = await Promise.all([
      committer.run(d, insert('d', 1)),
      committer.run(d, insert('d', 2), own),
      committer.run(d, insert('d', 3)),
    ]);
    expect(out).toEqual([1, 2, 3]);
    expect(await rows('d')).toEqual([1, 2, 3]);
  });

  it('hands on the effects of the commands that held, after the commit and before the answers', async () => {
    const committer = new FuturesCommitter(db);
    const e = new NotingBook('e');
    const events: string[] = [];
    committer.onCommit = (effects) => {
      events.push(`published ${effects.flatMap((x) => [...x.users]).join(',')}`);
    };
    const noting =
      (user: number, fail = false) =>
      async (tx: Db) => {
        e.effects.users.add(user);
        await insert('e', user)(tx);
        if (fail) throw new Error('refused');
        return user;
      };
    const first = committer.run(e, noting(1)).then((n) => events.push(`answered ${n}`));
    // queued while the first commits: one group of three, the middle one rolls back to its savepoint
    const group = [
      committer.run(e, noting(2)).then((n) => events.push(`answered ${n}`)),
      committer.run(e, noting(3, true)).catch(() => events.push('refused 3')),
      committer.run(e, noting(4)).then((n) => events.push(`answered ${n}`)),
    ];
    await first;
    await Promise.all(group);
    expect(events).toEqual(['published 1', 'answered 1', 'published 2,4', 'answered 2', 'refused 3', 'answered 4']);
    expect(await rows('e')).toEqual([1, 2, 4]);
  });

  it('publishes nothing of a group whose commit fails', async () => {
    const committer = new FuturesCommitter(db);
    const f = new NotingBook('f');
    const published: FuturesEffects[] = [];
    committer.onCommit = (effects) => published.push(...effects);
    const queued = committer.run(f, insert('f', 0));
    const group = [
      committer.run(f, async (tx) => {
        f.effects.users.add(7);
        return insert('f', 1)(tx);
      }),
      committer.run(f, async (tx) => {
        f.effects.users.add(8);
        await tx.execute(sql`insert into committer_deferred values (-1)`);
        return 0;
      }),
    ];
    await queued;
    expect((await Promise.allSettled(group)).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(published).toEqual([]);
  });
});

/** A probe book that notes effects the way a ContractBook does. */
class NotingBook extends ProbeBook {
  effects: FuturesEffects = noEffects('TEST');
  takeEffects(): FuturesEffects {
    const out = this.effects;
    this.effects = noEffects('TEST');
    return out;
  }
}
