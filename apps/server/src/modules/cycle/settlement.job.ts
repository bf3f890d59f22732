import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Logger } from 'pino';
import type { LedgerService, Movement } from '../wallet/ledger.service.ts';
import { STAKE_CURRENCY } from './catalog.service.ts';
import { termsOf, type ContractRow } from './contract-view.ts';
import { cycleContracts } from './cycle.schema.ts';
import { readyToSettle, settleByRule } from './settle.ts';
import { windowTicks, type TickReader } from './verification.ts';

export interface SettlementDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  prices: TickReader;
  /** How long after the end to wait for a later tick before settling from what is stored. */
  graceMs: number;
  log?: Logger;
}

/** Serialises everything that changes the pool's liability: purchases (capacity check) and settlements. */
export async function lockPool(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cycle.pool'))`);
}

/**
 * Settles every open contract whose end has passed and whose ticks are complete under its rule (readyToSettle):
 * a tick at or after the end is stored (ticks are stored in time order, so no earlier one can arrive any more),
 * or the grace period is over (then the rule refunds a contract without a closing tick). Run every second, and
 * once at start-up, so contracts that ended while the server was down settle from the stored ticks.
 */
export async function settleDue(deps: SettlementDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select()
    .from(cycleContracts)
    .where(and(eq(cycleContracts.status, 'open'), lte(cycleContracts.endAt, new Date(now))))
    .orderBy(asc(cycleContracts.endAt))
    .limit(500);
  let settled = 0;
  for (const c of due) {
    try {
      if (await settleOne(deps, c, now)) settled += 1;
    } catch (err) {
      deps.log?.error({ err, contract: c.id }, 'cycle settlement failed; retried on the next run');
    }
  }
  return settled;
}

/**
 * One contract, exactly once: the stored row is locked and must still be open; settle() decides
 * from the terms and the stored ticks alone; the ledger entry and the row's one transition commit
 * together (and the database refuses any second transition).
 */
async function settleOne(deps: SettlementDeps, c: ContractRow, now: number): Promise<boolean> {
  const ticks = await windowTicks(deps.prices, c);
  const endAt = c.endAt.getTime();
  if (!readyToSettle(c.ruleVersion, endAt, ticks, now, deps.graceMs)) return false;
  const result = settleByRule(c.ruleVersion, termsOf(c), ticks);
  return deps.ledger.transaction(async (tx) => {
    await lockPool(tx);
    const [still] = await tx
      .select({ id: cycleContracts.id })
      .from(cycleContracts)
      .where(and(eq(cycleContracts.id, c.id), eq(cycleContracts.status, 'open')))
      .for('update');
    if (!still) return false;
    const user = { userId: c.userId, currency: STAKE_CURRENCY, wallet: 'spot' as const };
    const pool = { system: 'cycle_pool' as const, currency: STAKE_CURRENCY };
    // the stake is held (frozen) in the holder's spot account until now
    const movements: Movement[] =
      result.outcome === 'won'
        ? [
            { account: user, frozen: -c.stake, available: c.payout },
            { account: pool, available: -(c.payout - c.stake) },
          ]
        : result.outcome === 'lost'
          ? [
              { account: user, frozen: -c.stake },
              { account: pool, available: c.stake },
            ]
          : [{ account: user, frozen: -c.stake, available: c.stake }];
    const { transactionId } = await deps.ledger.post(tx, {
      kind: `cycle_${result.outcome}`,
      reference: `cycle:${c.id}`,
      memo: result.refundReason ?? undefined,
      movements,
    });
    const updated = await tx
      .update(cycleContracts)
      .set({
        status: result.outcome,
        refundReason: result.refundReason,
        entryPrice: result.entry?.price ?? null,
        entryTs: result.entry ? new Date(result.entry.ts) : null,
        exitPrice: result.exit?.price ?? null,
        exitTs: result.exit ? new Date(result.exit.ts) : null,
        credit: result.credit,
        settledAt: new Date(deps.clock.now()),
        settleTransactionId: transactionId,
      })
      .where(and(eq(cycleContracts.id, c.id), eq(cycleContracts.status, 'open')))
      .returning({ id: cycleContracts.id });
    if (!updated.length) throw new Error(`cycle contract ${c.id} was settled concurrently`);
    return true;
  });
}
