import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { contractOf, type Contract } from './domain/contracts.ts';
import { buildRiskBatch, evaluateRisk, type RiskPositionInput } from './domain/risk-batch.ts';
import { futuresPositions, type PositionRow } from './futures.schema.ts';

/**
 * The fast filter of a mark tick: which open positions of ONE contract may need action at the new mark.
 *
 * Everything is read with two queries (loadRiskSnapshot: the positions, then their owners' wallets through the ledger) and judged in one pass of the domain's batch evaluation
 * (domain/risk-batch.ts). The answer is only a list of candidates: risk.ts takes each of them through the exact
 * per-position path (fresh row, bigint decision inside the tick's transaction) before anything is done, so a
 * candidate that turns out fine is left alone. What must never happen is a position that needs action and is NOT
 * a candidate; the batch is exact for that (integer comparisons, cross accounts re-decided in bigint near the
 * threshold), and when the batch cannot represent a position exactly every position becomes a candidate.
 */

export interface RiskSnapshotRow {
  position: PositionRow;
  /** The owner's futures wallet `available` (null: no wallet account yet). */
  available: bigint | null;
}

/**
 * The open positions of `symbol`, plus every open cross position (any contract) of the users with a
 * cross position in `symbol` — a cross account is judged on all its legs — each with the owner's futures wallet
 * balance. Ordered by position id, the order the exact path takes them in.
 */
export async function loadRiskSnapshot(
  tx: Db,
  ledger: Pick<LedgerService, 'availableOfUsers'>,
  symbol: string,
): Promise<RiskSnapshotRow[]> {
  const here = alias(futuresPositions, 'cross_here');
  const crossUsers = tx
    .select({ userId: here.userId })
    .from(here)
    .where(and(eq(here.symbol, symbol), eq(here.status, 'open'), eq(here.marginMode, 'cross')));
  const positions = await tx
    .select()
    .from(futuresPositions)
    .where(
      and(
        eq(futuresPositions.status, 'open'),
        or(
          eq(futuresPositions.symbol, symbol),
          and(eq(futuresPositions.marginMode, 'cross'), inArray(futuresPositions.userId, crossUsers)),
        ),
      ),
    )
    .orderBy(asc(futuresPositions.id));
  // the owners' futures wallets, in one read through the ledger
  const wallets = await ledger.availableOfUsers(
    positions.map((p) => p.userId),
    'USDT',
    'futures',
    tx,
  );
  return positions.map((position) => ({ position, available: wallets.get(position.userId) ?? null }));
}

/**
 * Ids (ascending) of the positions of `contract` that may need the exact path at `mark`: liquidation (an isolated
 * position or a whole cross account), take-profit / stop-loss, or a cross position whose margin + uPnL went below
 * zero (wallet money must move into it, decision 0008). `markOf` gives the marks of the other contracts; a leg
 * whose contract has no mark yet is left out of its account, as the exact path does.
 */
export function riskCandidates(
  contract: Contract,
  mark: bigint,
  rows: readonly RiskSnapshotRow[],
  markOf: (symbol: string) => bigint | null,
): number[] {
  const own = rows.filter((r) => r.position.symbol === contract.symbol).map((r) => r.position);
  try {
    return filterWithBatch(contract, mark, rows, markOf);
  } catch (e) {
    // a position beyond the batch's exact integer range: judge every position exactly instead
    if (e instanceof RangeError) return own.map((p) => p.id);
    throw e;
  }
}

function filterWithBatch(
  contract: Contract,
  mark: bigint,
  rows: readonly RiskSnapshotRow[],
  markOf: (symbol: string) => bigint | null,
): number[] {
  // the contracts in play that have a mark, in first-seen order
  const contracts: Contract[] = [contract];
  const marks: number[] = [Number(mark)];
  const indexOf = new Map<string, number>([[contract.symbol, 0]]);
  // cross collateral per user: wallet available + Σ cross margins over every contract (risk.ts crossAccount)
  const wallets = new Map<number, bigint>();
  const inputs: RiskPositionInput[] = [];
  const rowOf: PositionRow[] = [];
  for (const { position: p, available } of rows) {
    if (p.marginMode === 'cross') wallets.set(p.userId, (wallets.get(p.userId) ?? available ?? 0n) + p.margin);
    let c = indexOf.get(p.symbol);
    if (c === undefined) {
      const other = contractOf(p.symbol);
      const m = markOf(p.symbol);
      if (!other || m === null) continue;
      c = contracts.length;
      indexOf.set(p.symbol, c);
      contracts.push(other);
      marks.push(Number(m));
    }
    const here = c === 0;
    inputs.push({
      contract: c,
      position: { size: p.side === 'long' ? p.qtyLots : -p.qtyLots, entryValue: p.entryValue },
      isolatedMargin: p.marginMode === 'isolated' ? p.margin : null,
      account: p.userId,
      // other contracts' TP/SL are judged on their own tick; those on the last trade by close-triggers.ts
      takeProfit: here && p.tpTrigger === 'mark' ? p.takeProfitTicks : null,
      stopLoss: here && p.slTrigger === 'mark' ? p.stopLossTicks : null,
    });
    rowOf.push(p);
  }
  const batch = buildRiskBatch(contracts, inputs, wallets);
  const result = evaluateRisk(batch, new Float64Array(marks));

  const picked = new Set<number>();
  const pick = (i: number) => {
    if (batch.contractOf[i] === 0) picked.add(rowOf[i]!.id);
  };
  for (const i of result.liquidatedPositions) pick(i);
  for (const i of result.takeProfit) pick(i);
  for (const i of result.stopLoss) pick(i);
  for (const a of result.liquidatedAccounts) {
    for (let k = batch.accountStart[a]!; k < batch.accountStart[a + 1]!; k++) pick(batch.accountPositions[k]!);
  }
  const m = marks[0]!;
  for (let i = 0; i < batch.count; i++) {
    if (batch.contractOf[i] !== 0 || batch.accountOf[i]! < 0) continue;
    // cross margin + uPnL < 0: every term is an integer below 2^53 (checked by the batch), so the sign of the
    // double sum is exact; a margin beyond that range is simply taken as a candidate
    const margin = Number(rowOf[i]!.margin);
    const pnl =
      batch.side[i]! > 0 ? batch.qty[i]! * m - batch.entryValue[i]! : batch.entryValue[i]! - batch.qty[i]! * m;
    if (!Number.isSafeInteger(margin) || margin + pnl < 0) pick(i);
  }
  return [...picked].sort((a, b) => a - b);
}
