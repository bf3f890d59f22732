import {
  maintenanceMargin,
  marginRatio,
  positionValue,
  unrealizedPnl,
  type Position,
  type Rate,
} from '@tidemark/futures-math';
import type { Contract } from './contracts.ts';

/**
 * The margin ratio the liquidation warnings watch (maintenance margin / margin balance; liquidation at 1):
 * an isolated position against its own margin + uPnL, the cross positions together against the account's
 * cross balance (available wallet + every cross margin + every cross uPnL), the same ratio for each.
 * Pure and bigint only; a leg without a mark yet is left out.
 */
export interface WarningLeg {
  positionId: number;
  contract: Contract;
  position: Position;
  margin: bigint;
  marginMode: 'cross' | 'isolated';
  mark: bigint | null;
}

/** positionId → ratio (null: the margin balance is gone, liquidation is due). */
export function marginRatios(legs: readonly WarningLeg[], available: bigint): Map<number, Rate | null> {
  const out = new Map<number, Rate | null>();
  let crossMaintenance = 0n;
  let crossBalance = available;
  const cross: number[] = [];
  for (const l of legs) {
    if (l.mark === null) continue;
    const mm = maintenanceMargin(l.contract, positionValue(l.position, l.mark));
    const balance = l.margin + unrealizedPnl(l.position, l.mark);
    if (l.marginMode === 'isolated') {
      out.set(l.positionId, marginRatio(mm, balance));
      continue;
    }
    crossMaintenance += mm;
    crossBalance += balance;
    cross.push(l.positionId);
  }
  const shared = marginRatio(crossMaintenance, crossBalance);
  for (const id of cross) out.set(id, shared);
  return out;
}

/** Whether a ratio is at or over the warning threshold (a gone balance always is). */
export function overThreshold(ratio: Rate | null, threshold: Rate): boolean {
  return ratio === null || ratio >= threshold;
}
