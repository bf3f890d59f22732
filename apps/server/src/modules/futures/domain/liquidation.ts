/**
 * The liquidation decision and the auto-deleveraging (ADL) ranking (reference A3).
 *
 * Liquidatable when margin balance ≤ maintenance margin (margin ratio ≥ 100 %):
 *   isolated: position margin + uPnL ≤ MM of the position
 *   cross:    cross wallet + Σ uPnL ≤ Σ MM over the account's cross positions
 * compared exactly (× RATE_ONE), never after rounding.
 */
import type { Contract } from './contracts.ts';
import { unrealizedPnl, type Position } from '@tidemark/futures-math';
import { maintenanceMarginScaled } from '@tidemark/futures-math';
import { absBig, divCeil, RATE_ONE, type Ticks, type Units } from '@tidemark/futures-math';

export interface Leg {
  contract: Contract;
  position: Position;
  mark: Ticks;
}

export interface MarginState {
  /** Collateral + Σ uPnL. */
  marginBalance: Units;
  /** Σ maintenance margin, rounded up (display). */
  maintenance: Units;
  /** True when marginBalance ≤ Σ maintenance, decided exactly. */
  liquidatable: boolean;
}

/** Margin state of an isolated position (collateral = its margin) or a cross account (collateral = wallet). */
export function marginState(collateral: Units, legs: readonly Leg[]): MarginState {
  let balance = collateral;
  let mmScaled = 0n;
  for (const leg of legs) {
    if (leg.position.size === 0n) continue;
    balance += unrealizedPnl(leg.position, leg.mark);
    mmScaled += maintenanceMarginScaled(leg.contract, absBig(leg.position.size) * leg.mark);
  }
  return {
    marginBalance: balance,
    maintenance: divCeil(mmScaled, RATE_ONE),
    liquidatable: legs.some((l) => l.position.size !== 0n) && balance * RATE_ONE <= mmScaled,
  };
}

/** Isolated position: liquidatable at this mark? */
export function isIsolatedLiquidatable(contract: Contract, position: Position, margin: Units, mark: Ticks): boolean {
  return marginState(margin, [{ contract, position, mark }]).liquidatable;
}

/** Cross account: liquidatable at these marks? */
export function isCrossLiquidatable(wallet: Units, legs: readonly Leg[]): boolean {
  return marginState(wallet, legs).liquidatable;
}

/** ADL scores are fixed-point at this scale (a score of 1.5 is 150_000_000n). */
export const ADL_SCORE_ONE = RATE_ONE;

/**
 * ADL ranking score (Poloniex/BitMEX form, reference A3.8):
 *   PnL%   = uPnL / entryValue
 *   EffLev = markValue / |markValue − bankruptValue|
 *   score  = PnL% ≥ 0 ? PnL% × EffLev : PnL% / EffLev
 * Higher = deleveraged first. `bankruptcy` is the position's bankruptcy price (isolated: from its margin;
 * cross: from the account's collateral). Rounded toward zero at ADL_SCORE_ONE.
 */
export function adlScore(position: Position, mark: Ticks, bankruptcy: Ticks): bigint {
  const q = absBig(position.size);
  if (q === 0n || position.entryValue === 0n) return 0n;
  const pnl = unrealizedPnl(position, mark);
  const markValue = q * mark;
  let cushion = absBig(markValue - q * bankruptcy);
  if (cushion === 0n) cushion = 1n; // at the bankruptcy price: leverage unbounded, keep it finite and maximal
  return pnl >= 0n
    ? (pnl * markValue * ADL_SCORE_ONE) / (position.entryValue * cushion)
    : (pnl * cushion * ADL_SCORE_ONE) / (position.entryValue * markValue);
}

/** Number of indicator lights (1–5) per score: the top 20 % of a side get 5, the bottom 20 % get 1. */
export const ADL_LIGHTS = 5;

/**
 * Indicator buckets for the positions of one side of one contract, in input order. Equal scores get equal
 * lights (the best rank among them).
 */
export function adlBuckets(scores: readonly bigint[]): number[] {
  const n = scores.length;
  const order = scores
    .map((_, i) => i)
    .sort((a, b) => (scores[b]! > scores[a]! ? 1 : scores[b]! < scores[a]! ? -1 : 0));
  const lights = new Array<number>(n);
  let rank = 0;
  for (let r = 0; r < n; r++) {
    if (r > 0 && scores[order[r]!] !== scores[order[r - 1]!]) rank = r;
    lights[order[r]!] = ADL_LIGHTS - Math.floor((ADL_LIGHTS * rank) / n);
  }
  return lights;
}

/** Liquidation fee on the liquidated notional, capped by what the position has left (never below zero). */
export function liquidationFee(contract: Contract, notional: Units, remaining: Units): Units {
  const fee = divCeil(notional * contract.liquidationFee, RATE_ONE);
  return remaining <= 0n ? 0n : fee < remaining ? fee : remaining;
}
