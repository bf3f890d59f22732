import { and, asc, eq, gt } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { dueDays, maturityDay, utcDay } from './earn-math.ts';
import { earnAccruals, earnOrders } from './earn.schema.ts';

export interface AccrualResult {
  /** Order-days paid in this run. */
  paid: number;
  /** Orders whose principal and earnings were released. */
  matured: number;
  /** Order-days that could not be paid now (left for the next run). */
  failed: number;
}

export interface AccrualDeps {
  db: Db;
  clock: Clock;
  ledger: () => LedgerService;
  log: Logger;
  intervalMs: number;
}

/**
 * The daily yield. For every active order and every UTC day due (dueDays: the days after the
 * subscription day that have begun, up to the lock period), one transaction:
 *   lock the currency's staking-interest account, lock the order, check the day is the next unpaid
 *   one, insert the (order, day) row, move the day's yield staking_interest → the user's earn
 *   wallet (frozen, with the principal, until the order closes), advance days_paid.
 * Days missed while the process was down are paid in order on the next run; a second run, a second
 * process or a restart finds them paid (days_paid under the row lock, and the primary key of
 * earn_accruals). Once every day is paid and the end date has begun, the principal and the
 * earnings are released to the earn wallet's available balance (state 'matured').
 */
export class AccrualJob {
  private readonly deps: AccrualDeps;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<AccrualResult> | null = null;

  constructor(deps: AccrualDeps) {
    this.deps = deps;
  }

  start(): void {
    const tick = () => void this.runOnce().catch((err) => this.deps.log.error({ err }, 'earn accrual failed'));
    tick(); // catch up at once after downtime
    this.timer = setInterval(tick, this.deps.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /** Pays every due day and matures every order that has reached its end date. */
  async runOnce(): Promise<AccrualResult> {
    // one run at a time in this process; other processes are kept out by the row locks and keys
    while (this.running) await this.running.catch(() => {});
    const run = this.drain();
    this.running = run;
    try {
      return await run;
    } finally {
      this.running = null;
    }
  }

  private async drain(): Promise<AccrualResult> {
    const result: AccrualResult = { paid: 0, matured: 0, failed: 0 };
    const today = utcDay(this.deps.clock.now());
    let after = 0;
    for (;;) {
      const batch = await this.deps.db
        .select()
        .from(earnOrders)
        .where(and(eq(earnOrders.state, 'active'), gt(earnOrders.id, after)))
        .orderBy(asc(earnOrders.id))
        .limit(200);
      if (!batch.length) break;
      for (const o of batch) {
        after = o.id;
        let ok = true;
        for (const day of dueDays(o.startDay, o.lockDays, o.daysPaid, today)) {
          try {
            if (await this.payDay(o.id, o.currency, day)) result.paid += 1;
          } catch (err) {
            // e.g. the interest account was drained by hand: left for the next run, the others go on
            ok = false;
            result.failed += 1;
            this.deps.log.error({ err, orderId: o.id, day }, 'earn yield could not be paid');
            break;
          }
        }
        if (ok && today >= maturityDay(o.startDay, o.lockDays)) {
          try {
            if (await this.mature(o.id, o.currency)) result.matured += 1;
          } catch (err) {
            result.failed += 1;
            this.deps.log.error({ err, orderId: o.id }, 'earn order could not mature');
          }
        }
      }
    }
    return result;
  }

  /** Pays one day of one order; false when it was paid already or the order closed meanwhile. */
  async payDay(orderId: number, currency: string, day: number): Promise<boolean> {
    const ledger = this.deps.ledger();
    return ledger.transaction(async (tx) => {
      await ledger.lockBalance(tx, { system: 'staking_interest', currency });
      const [o] = await tx.select().from(earnOrders).where(eq(earnOrders.id, orderId)).for('update');
      if (!o || o.state !== 'active' || o.startDay + o.daysPaid + 1 !== day) return false;
      let transactionId: number | null = null;
      if (o.dailyYield > 0n) {
        ({ transactionId } = await ledger.post(tx, {
          kind: 'earn.yield',
          reference: `earn_order:${o.id}`,
          memo: `day ${o.daysPaid + 1} of ${o.lockDays}`,
          movements: [
            { account: { system: 'staking_interest', currency }, available: -o.dailyYield },
            { account: { userId: o.userId, currency, wallet: 'earn' }, frozen: o.dailyYield },
          ],
        }));
      }
      await tx.insert(earnAccruals).values({
        orderId,
        day,
        amount: o.dailyYield,
        ledgerTransactionId: transactionId,
        createdAt: new Date(this.deps.clock.now()),
      });
      await tx
        .update(earnOrders)
        .set({ daysPaid: o.daysPaid + 1, accrued: o.accrued + o.dailyYield })
        .where(eq(earnOrders.id, orderId));
      return true;
    });
  }

  /** Releases principal + earnings of a fully paid order whose end date has begun. */
  private async mature(orderId: number, currency: string): Promise<boolean> {
    const ledger = this.deps.ledger();
    return ledger.transaction(async (tx) => {
      await ledger.lockBalance(tx, { system: 'staking_interest', currency });
      const [o] = await tx.select().from(earnOrders).where(eq(earnOrders.id, orderId)).for('update');
      if (!o || o.state !== 'active' || o.daysPaid !== o.lockDays) return false;
      const now = this.deps.clock.now();
      if (utcDay(now) < maturityDay(o.startDay, o.lockDays)) return false;
      await ledger.release(
        tx,
        'earn.mature',
        { userId: o.userId, currency, wallet: 'earn' },
        o.amount + o.accrued,
        `earn_order:${o.id}`,
      );
      await tx
        .update(earnOrders)
        .set({ state: 'matured', closedAt: new Date(now) })
        .where(eq(earnOrders.id, orderId));
      return true;
    });
  }
}
