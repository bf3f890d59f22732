/**
 * Re-evaluating every open position on a mark-price change, fast: 100,000 positions well under 50 ms (npm run bench:futures).
 *
 * Layout: struct-of-arrays in typed arrays, built once from the positions (buildRiskBatch) and evaluated on every
 * set of marks (evaluateRisk). Every stored number is an INTEGER count — lots, ticks, USDT minor units — checked
 * to be a safe integer when the batch is built; products like lots × ticks stay below 2^53 (a position of more
 * than 9 billion USDT is refused), so the position value, uPnL and their sums are exact in a double.
 *
 *  - Isolated positions: their liquidation tick is computed once, exactly, by liquidationPrice(); because that
 *    tick is exactly equivalent to the margin condition (liquidation-price.ts), the test on a new mark is one
 *    integer comparison.
 *  - Cross accounts: margin balance (wallet + Σ uPnL, exact) against Σ maintenance. Maintenance needs a product
 *    by the tier rate, which is NOT exact in a double, so the double is only a filter: when the account is within
 *    a guard band of the threshold (far wider than the double's error), the decision is taken again exactly in
 *    bigint by marginState(). No liquidation is ever decided by a rounded number.
 *  - TP/SL: integer comparisons of the mark with the trigger ticks.
 */
import type { Contract } from './contracts.ts';
import { liquidationPrice } from '@tidemark/futures-math';
import { marginState, type Leg } from './liquidation.ts';
import type { Position } from '@tidemark/futures-math';
import { RATE_ONE, type Ticks, type Units } from '@tidemark/futures-math';

export interface RiskPositionInput {
  /** Index of the position's contract in the contracts array given to buildRiskBatch. */
  contract: number;
  position: Position;
  /** Isolated: the position's margin. Cross: null (the account's wallet stands behind it). */
  isolatedMargin: Units | null;
  /** Cross: the account's id (any integer). Ignored for isolated positions. */
  account: number;
  takeProfit: Ticks | null;
  stopLoss: Ticks | null;
}

export interface RiskBatch {
  readonly contracts: readonly Contract[];
  readonly count: number;
  readonly contractOf: Uint16Array;
  /** +1 long, −1 short. */
  readonly side: Int8Array;
  readonly qty: Float64Array;
  readonly entryValue: Float64Array;
  /** Index into the account arrays, or −1 for an isolated position. */
  readonly accountOf: Int32Array;
  /** Isolated: the liquidation tick (NaN: never). */
  readonly liqTick: Float64Array;
  /** NaN: not set. */
  readonly tpTick: Float64Array;
  readonly slTick: Float64Array;
  /** Cross accounts: ids (as given), wallet, and their positions (CSR: positionsOf[start[a] .. start[a+1])). */
  readonly accountIds: number[];
  readonly wallet: Float64Array;
  readonly accountStart: Int32Array;
  readonly accountPositions: Int32Array;
  // per contract tier tables flattened: tiers of contract c are tierStart[c] .. tierStart[c+1]
  readonly tierStart: Int32Array;
  readonly tierCap: Float64Array;
  readonly tierMmr: Float64Array;
  readonly tierCum: Float64Array;
  // result buffers, reused by every evaluation
  readonly scratch: {
    equity: Float64Array;
    mm: Float64Array;
    notional: Float64Array;
    liqPositions: Int32Array;
    liqAccounts: Int32Array;
    tp: Int32Array;
    sl: Int32Array;
  };
}

export interface RiskResult {
  /** Isolated positions to liquidate (indexes into the input). */
  liquidatedPositions: Int32Array;
  /** Cross accounts to liquidate (indexes into batch.accountIds). */
  liquidatedAccounts: Int32Array;
  /** Positions whose take-profit / stop-loss fires (none of them is being liquidated). */
  takeProfit: Int32Array;
  stopLoss: Int32Array;
  /** How many cross accounts needed the exact bigint re-check (near the threshold). */
  exactChecks: number;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function safe(v: bigint, what: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} ${v} is not a safe integer`);
  return n;
}

export function buildRiskBatch(
  contracts: readonly Contract[],
  positions: readonly RiskPositionInput[],
  wallets: ReadonlyMap<number, Units>,
): RiskBatch {
  const n = positions.length;
  const contractOf = new Uint16Array(n);
  const side = new Int8Array(n);
  const qty = new Float64Array(n);
  const entryValue = new Float64Array(n);
  const accountOf = new Int32Array(n);
  const liqTick = new Float64Array(n);
  const tpTick = new Float64Array(n);
  const slTick = new Float64Array(n);
  const accountIndex = new Map<number, number>();
  const accountIds: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = positions[i]!;
    const contract = contracts[p.contract];
    if (!contract) throw new RangeError(`position ${i}: unknown contract ${p.contract}`);
    if (p.position.size === 0n) throw new RangeError(`position ${i} is flat`);
    contractOf[i] = p.contract;
    side[i] = p.position.size > 0n ? 1 : -1;
    qty[i] = safe(p.position.size > 0n ? p.position.size : -p.position.size, 'size');
    entryValue[i] = safe(p.position.entryValue, 'entry value');
    tpTick[i] = p.takeProfit === null ? NaN : safe(p.takeProfit, 'take-profit');
    slTick[i] = p.stopLoss === null ? NaN : safe(p.stopLoss, 'stop-loss');
    if (p.isolatedMargin !== null) {
      accountOf[i] = -1;
      const lp = liquidationPrice(contract, p.position, p.isolatedMargin);
      liqTick[i] = lp === null ? NaN : safe(lp, 'liquidation price');
    } else {
      let a = accountIndex.get(p.account);
      if (a === undefined) {
        a = accountIds.length;
        accountIndex.set(p.account, a);
        accountIds.push(p.account);
        counts.push(0);
      }
      counts[a]!++;
      accountOf[i] = a;
      liqTick[i] = NaN;
    }
  }
  const accounts = accountIds.length;
  const wallet = new Float64Array(accounts);
  const accountStart = new Int32Array(accounts + 1);
  for (let a = 0; a < accounts; a++) {
    wallet[a] = safe(wallets.get(accountIds[a]!) ?? 0n, 'wallet');
    accountStart[a + 1] = accountStart[a]! + counts[a]!;
  }
  const fill = accountStart.slice(0, accounts);
  const accountPositions = new Int32Array(accountStart[accounts]!);
  for (let i = 0; i < n; i++) {
    const a = accountOf[i]!;
    if (a >= 0) accountPositions[fill[a]!++] = i;
  }
  const tierStart = new Int32Array(contracts.length + 1);
  for (let c = 0; c < contracts.length; c++) tierStart[c + 1] = tierStart[c]! + contracts[c]!.tiers.length;
  const tierCap = new Float64Array(tierStart[contracts.length]!);
  const tierMmr = new Float64Array(tierCap.length);
  const tierCum = new Float64Array(tierCap.length);
  for (let c = 0; c < contracts.length; c++) {
    const tiers = contracts[c]!.tiers;
    for (let k = 0; k < tiers.length; k++) {
      const t = tiers[k]!;
      const j = tierStart[c]! + k;
      tierCap[j] = k === tiers.length - 1 ? Infinity : Number(t.cap); // exact: caps are safe integers
      tierMmr[j] = Number(t.mmr) / Number(RATE_ONE); // filter only (see top)
      tierCum[j] = Number(t.cumScaled) / Number(RATE_ONE);
    }
  }
  return {
    contracts,
    count: n,
    contractOf,
    side,
    qty,
    entryValue,
    accountOf,
    liqTick,
    tpTick,
    slTick,
    accountIds,
    wallet,
    accountStart,
    accountPositions,
    tierStart,
    tierCap,
    tierMmr,
    tierCum,
    scratch: {
      equity: new Float64Array(accounts),
      mm: new Float64Array(accounts),
      notional: new Float64Array(accounts),
      liqPositions: new Int32Array(n),
      liqAccounts: new Int32Array(accounts),
      tp: new Int32Array(n),
      sl: new Int32Array(n),
    },
  };
}

/** Sets a cross account's wallet (e.g. after a transfer or realized P&L) without rebuilding the batch. */
export function setWallet(batch: RiskBatch, accountIndex: number, wallet: Units): void {
  batch.wallet[accountIndex] = safe(wallet, 'wallet');
}

/**
 * Evaluates every position at the given marks (ticks per contract index, integers). The returned arrays are views
 * of buffers reused by the next call: copy them if they must outlive it.
 */
export function evaluateRisk(batch: RiskBatch, marks: Float64Array): RiskResult {
  const { count, contractOf, side, qty, entryValue, accountOf, liqTick, tpTick, slTick } = batch;
  const { tierStart, tierCap, tierMmr, tierCum, wallet } = batch;
  const { equity, mm, notional: accNotional, liqPositions, liqAccounts, tp, sl } = batch.scratch;
  for (let c = 0; c < batch.contracts.length; c++) {
    const m = marks[c]!;
    if (!Number.isSafeInteger(m) || m <= 0) throw new RangeError(`mark of contract ${c} must be a positive tick count`);
  }
  equity.fill(0);
  mm.fill(0);
  accNotional.fill(0);
  let nLiq = 0;
  let nTp = 0;
  let nSl = 0;
  for (let i = 0; i < count; i++) {
    const c = contractOf[i]!;
    const mark = marks[c]!;
    const s = side[i]!;
    const a = accountOf[i]!;
    if (a < 0) {
      const lp = liqTick[i]!;
      if (s > 0 ? mark <= lp : mark >= lp) {
        liqPositions[nLiq++] = i;
        continue;
      }
    } else {
      const value = qty[i]! * mark;
      if (value > MAX_SAFE) throw new RangeError(`position ${i}: value beyond exact range`);
      equity[a]! += s > 0 ? value - entryValue[i]! : entryValue[i]! - value;
      let k = tierStart[c]!;
      while (value > tierCap[k]!) k++;
      mm[a]! += value * tierMmr[k]! - tierCum[k]!;
      accNotional[a]! += value;
    }
    const tpi = tpTick[i]!;
    const sli = slTick[i]!;
    if (s > 0) {
      if (mark <= sli) sl[nSl++] = i;
      else if (mark >= tpi) tp[nTp++] = i;
    } else {
      if (mark >= sli) sl[nSl++] = i;
      else if (mark <= tpi) tp[nTp++] = i;
    }
  }
  let nAcc = 0;
  let exactChecks = 0;
  for (let a = 0; a < wallet.length; a++) {
    const diff = wallet[a]! + equity[a]! - mm[a]!;
    // the double's error in mm is ~1e-16 of the notional; the band is 1e-9 of it plus one minor unit
    const guard = accNotional[a]! * 1e-9 + 1;
    let liquidate: boolean;
    if (diff > guard) liquidate = false;
    else if (diff < -guard) liquidate = true;
    else {
      exactChecks++;
      liquidate = exactCrossCheck(batch, a, marks);
    }
    if (liquidate) liqAccounts[nAcc++] = a;
  }
  if (nAcc > 0) {
    // TP/SL of positions in accounts being liquidated are dropped: liquidation takes them over
    const dropped = new Uint8Array(wallet.length);
    for (let k = 0; k < nAcc; k++) dropped[liqAccounts[k]!] = 1;
    nTp = compact(tp, nTp, accountOf, dropped);
    nSl = compact(sl, nSl, accountOf, dropped);
  }
  return {
    liquidatedPositions: liqPositions.subarray(0, nLiq),
    liquidatedAccounts: liqAccounts.subarray(0, nAcc),
    takeProfit: tp.subarray(0, nTp),
    stopLoss: sl.subarray(0, nSl),
    exactChecks,
  };
}

function compact(list: Int32Array, n: number, accountOf: Int32Array, dropped: Uint8Array): number {
  let out = 0;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    const a = accountOf[i]!;
    if (a < 0 || dropped[a] === 0) list[out++] = i;
  }
  return out;
}

/** The exact decision for one cross account, in bigint (liquidation.ts). */
export function exactCrossCheck(batch: RiskBatch, account: number, marks: Float64Array): boolean {
  const legs: Leg[] = [];
  for (let k = batch.accountStart[account]!; k < batch.accountStart[account + 1]!; k++) {
    const i = batch.accountPositions[k]!;
    const c = batch.contractOf[i]!;
    legs.push({
      contract: batch.contracts[c]!,
      position: { size: BigInt(batch.side[i]!) * BigInt(batch.qty[i]!), entryValue: BigInt(batch.entryValue[i]!) },
      mark: BigInt(marks[c]!),
    });
  }
  return marginState(BigInt(batch.wallet[account]!), legs).liquidatable;
}
