import type { Db } from '../../platform/db/database.ts';
import { hasEffects, type FuturesEffects } from './futures-effects.ts';

/**
 * Group commit for the futures contracts (docs/decisions/0008-futures-clearing.md). Every contract's commands
 * — placements, cancels, closes, margin changes, mark ticks, liquidation, TP/SL, funding — queue here in
 * arrival order; one loop takes whatever has queued (one command when the exchange is idle, many when it is
 * busy, because commands keep queueing while the previous group commits) and runs the group in ONE database
 * transaction, each command in its own savepoint:
 *
 * - a command that fails rolls back to its savepoint alone: its book takes back the state the group has
 *   written so far (read through the same transaction), and the rest of the group goes on;
 * - callers are answered only after the commit, so an acknowledged command is durable; if the commit itself
 *   fails, every book of the group is rebuilt from the database and every command of the group fails;
 * - one futures transaction at a time, so contracts never wait on each other's row locks (a cross-margin
 *   wallet, the clearing and fee accounts) and two futures groups cannot deadlock.
 *
 * A command that brings its own transaction (`begin`, e.g. the wallet's idempotent runOnce) runs alone.
 *
 * What each command changed (its book's effects note) is kept only if the command's savepoint held, and
 * handed to `onCommit` after the commit and before the callers are answered — so the feed publishes only
 * committed changes, in commit order.
 */

/** The part of a contract's book the committer needs: put its in-memory state back after a failure. */
export interface Rebuildable {
  rebuild(executor?: Db): Promise<void>;
  /** What the commands run since the last call changed (and forgets it). */
  takeEffects?(): FuturesEffects;
}

type Begin<T> = (body: (tx: Db) => Promise<T>) => Promise<T>;

interface Command {
  book: Rebuildable;
  fn: (tx: Db) => Promise<unknown>;
  begin?: Begin<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; err: unknown };

/** Enough to amortise a commit; small enough to keep one group's latency low. */
const MAX_GROUP = 128;

export class FuturesCommitter {
  private readonly db: Db;
  private readonly queue: Command[] = [];
  private running = false;
  /** Receives the effects of every committed group (the feed); set once at start-up. */
  onCommit: ((effects: FuturesEffects[]) => void) | null = null;

  constructor(db: Db) {
    this.db = db;
  }

  /** Runs `fn` after every command queued before it, in the group's transaction (or in `begin`'s). */
  run<T>(book: Rebuildable, fn: (tx: Db) => Promise<T>, begin?: Begin<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        book,
        fn,
        begin: begin as Begin<unknown> | undefined,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (!this.running) void this.loop();
    });
  }

  private async loop(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length) {
        const head = this.queue[0]!;
        if (head.begin) {
          this.queue.shift();
          await this.alone(head);
          continue;
        }
        let n = 1;
        while (n < this.queue.length && n < MAX_GROUP && !this.queue[n]!.begin) n++;
        const group = this.queue.splice(0, n);
        if (group.length === 1) await this.alone(group[0]!);
        else await this.together(group);
      }
    } finally {
      this.running = false;
    }
  }

  /** One command in its own transaction: the idle path, with no savepoint to pay for. */
  private async alone(c: Command): Promise<void> {
    c.book.takeEffects?.();
    try {
      const value = c.begin ? await c.begin(c.fn) : await this.db.transaction((tx) => c.fn(tx as unknown as Db));
      this.published([c.book.takeEffects?.()]);
      c.resolve(value);
    } catch (err) {
      c.book.takeEffects?.();
      // the engine may hold effects that were rolled back: take the committed state back
      await c.book.rebuild().catch(() => undefined);
      c.reject(err);
    }
  }

  private published(effects: Array<FuturesEffects | undefined>): void {
    const kept = effects.filter((e): e is FuturesEffects => e !== undefined && hasEffects(e));
    if (!kept.length || !this.onCommit) return;
    try {
      this.onCommit(kept);
    } catch {
      // publishing never fails a committed command (the feed logs its own failures)
    }
  }

  private async together(group: Command[]): Promise<void> {
    const outcomes: Outcome[] = [];
    const effects: Array<FuturesEffects | undefined> = [];
    try {
      await this.db.transaction(async (outer) => {
        const tx = outer as unknown as Db;
        for (const c of group) {
          c.book.takeEffects?.();
          try {
            const value = await tx.transaction((sp) => c.fn(sp as unknown as Db));
            outcomes.push({ ok: true, value });
            effects.push(c.book.takeEffects?.());
          } catch (err) {
            outcomes.push({ ok: false, err });
            c.book.takeEffects?.(); // rolled back to the savepoint: nothing of it is published
            // back to what the group has written so far, which the transaction sees
            await c.book.rebuild(tx);
          }
        }
      });
    } catch (err) {
      const books = new Set(group.map((c) => c.book));
      for (const b of books) await b.rebuild().catch(() => undefined);
      for (const c of group) c.reject(err);
      return;
    }
    this.published(effects);
    group.forEach((c, i) => {
      const o = outcomes[i]!;
      if (o.ok) c.resolve(o.value);
      else c.reject(o.err);
    });
  }
}
