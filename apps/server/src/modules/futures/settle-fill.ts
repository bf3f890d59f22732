import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { FeeDiscount } from '../coupon/fee-discount.ts';
import type { AccountRef, LedgerService, Movement } from '../wallet/ledger.service.ts';
import type { Contract } from './domain/contracts.ts';
import { liquidationFee } from './domain/liquidation.ts';
import { applyFill, tradeFee } from '@tidemark/futures-math';
import { divCeil, minBig, type Units } from '@tidemark/futures-math';
import { futuresPositions, type FuturesOrderRow, type PositionRow } from './futures.schema.ts';

/**
 * Money and position effects of ONE party's side of one fill (docs/decisions/0008-futures-clearing.md).
 *
 * Where the money is: a user's futures wallet (available; frozen = what open orders hold) and the
 * `futures_clearing` system account, which holds the margin of every open position. Closing realizes P&L
 * against clearing: the position's share of margin plus its realized P&L goes back to the wallet. Because
 * every fill has a long and a short side, clearing always equals Σ(margin + uPnL) of the open positions at
 * any common price — so while no position is past its bankruptcy price, clearing is never short.
 *
 * mode:
 *  - normal: an ordinary fill; a loss beyond the closed share of margin comes from the rest of the
 *    position's margin, then the wallet, then (a bankrupt close) the insurance fund.
 *  - liquidation: the liquidated position; what its closed share still has after the loss pays the
 *    liquidation fee to the insurance fund and the rest returns to the user; a shortfall (a fill worse than
 *    the bankruptcy price) is taken from the insurance fund.
 *  - adl: a counterparty closed by auto-deleveraging at the bankruptcy price; no fee.
 */
export type FillMode = 'normal' | 'liquidation' | 'adl';

export interface FillParty {
  userId: number;
  /** The order behind the fill (null for ADL). Its imRemaining / feeRemaining / fee are updated. */
  order: FuturesOrderRow | null;
  side: 'buy' | 'sell';
  qty: bigint;
  price: bigint;
  /** Fee rate of this side (maker or taker); 0 for liquidation and ADL. */
  feeRate: bigint;
  mode: FillMode;
  /** Order lots left BEFORE this fill (to split the order's reserve pro rata). */
  orderRemainingBefore: bigint;
  /** Why a position closed by this fill ends (trade by default). */
  closeReason: string;
  /** Fee coupons (in memory); a coupon makes the fee smaller and its fee entries name it. */
  discount?: FeeDiscount | null;
}

export interface FillOutcome {
  fee: Units;
  /** > 0 paid into the insurance fund, < 0 taken from it. */
  insuranceDelta: Units;
  /** The position after the fill (null when flat). */
  position: PositionRow | null;
  /** true when the fill closed, reduced or flipped a position (reduce-only orders may need trimming). */
  reduced: boolean;
  /** P&L this fill realized on the part of the position it closed (before fees; 0 when it only opened). */
  realizedPnl: Units;
}

export const walletOf = (userId: number): AccountRef => ({ userId, currency: 'USDT', wallet: 'futures' });
export const CLEARING: AccountRef = { system: 'futures_clearing', currency: 'USDT' };
export const INSURANCE: AccountRef = { system: 'insurance_fund', currency: 'USDT' };
export const FEES: AccountRef = { system: 'fees', currency: 'USDT' };

export async function openPositionOf(tx: Db, userId: number, symbol: string): Promise<PositionRow | null> {
  const [row] = await tx
    .select()
    .from(futuresPositions)
    .where(
      and(
        eq(futuresPositions.userId, userId),
        eq(futuresPositions.symbol, symbol),
        eq(futuresPositions.status, 'open'),
      ),
    );
  return row ?? null;
}

export const signedSize = (p: PositionRow | null): bigint => (!p ? 0n : p.side === 'long' ? p.qtyLots : -p.qtyLots);

export async function settleFill(
  tx: Db,
  ledger: LedgerService,
  contract: Contract,
  party: FillParty,
  mark: bigint,
  now: Date,
): Promise<FillOutcome> {
  const { userId, order, qty, price } = party;
  const wallet = walletOf(userId);
  const ref = `futures:${contract.symbol}:${order?.id ?? 'adl'}`;
  const pos = await openPositionOf(tx, userId, contract.symbol);
  const fill = applyFill(
    { size: signedSize(pos), entryValue: pos?.entryValue ?? 0n },
    party.side === 'buy' ? qty : -qty,
    price,
  );

  // the order's reserve, split pro rata: the opened part's margin moves to clearing, the closed part's comes back
  let imShare = 0n;
  if (order) {
    imShare =
      qty === party.orderRemainingBefore ? order.imRemaining : (order.imRemaining * qty) / party.orderRemainingBefore;
    order.imRemaining -= imShare;
  }
  const openIm = fill.openedQty === qty ? imShare : (imShare * fill.openedQty) / qty;
  const movements: Movement[] = [];
  if (imShare > 0n) movements.push({ account: wallet, frozen: -imShare, available: imShare - openIm });
  if (openIm > 0n) movements.push({ account: CLEARING, available: openIm });

  // fee: from the order's fee reserve, then (a close) from what the close gives back; never more than the rate says
  let fee = party.feeRate > 0n ? tradeFee(qty * price, party.feeRate) : 0n;
  const coupon =
    fee > 0n ? (party.discount?.apply(userId, 'futures', contract.symbol, now.getTime(), fee) ?? null) : null;
  if (coupon) fee = coupon.fee;
  let feeFromReserve = 0n;
  if (order && fee > 0n) {
    feeFromReserve = minBig(fee, order.feeRemaining);
    order.feeRemaining -= feeFromReserve;
  }
  let feeFromClose = 0n;

  let insuranceDelta = 0n;
  let closedRow: PositionRow | null = null;
  if (fill.closedQty > 0n && pos) {
    const q = pos.qtyLots;
    const marginPart = fill.closedQty === q ? pos.margin : divCeil(pos.margin * fill.closedQty, q);
    let back = marginPart + fill.realizedPnl;
    let restMargin = pos.margin - marginPart;
    if (party.mode === 'liquidation') {
      if (back > 0n) {
        const liqFee = liquidationFee(contract, fill.closedQty * mark, back);
        insuranceDelta += liqFee;
        movements.push({ account: CLEARING, available: -back }, { account: INSURANCE, available: liqFee });
        if (back > liqFee) movements.push({ account: wallet, available: back - liqFee });
      } else if (back < 0n) {
        insuranceDelta += back;
        movements.push({ account: INSURANCE, available: back }, { account: CLEARING, available: -back });
      }
    } else {
      if (back > 0n && fee > feeFromReserve) {
        // taken straight from what clearing owes the user (posted below as its own fee entry)
        feeFromClose = minBig(fee - feeFromReserve, back);
        back -= feeFromClose;
      }
      if (back > 0n) {
        movements.push({ account: CLEARING, available: -back }, { account: wallet, available: back });
      } else if (back < 0n) {
        // a loss beyond the closed share: the rest of the position's margin (already in clearing), then the wallet,
        // then the insurance fund — never a negative balance
        let short = -back;
        const fromMargin = minBig(short, restMargin);
        restMargin -= fromMargin;
        short -= fromMargin;
        if (short > 0n) {
          const avail = (await ledger.lockBalance(tx, wallet)).available + sumAvailable(movements, wallet);
          const fromWallet = minBig(short, avail > 0n ? avail : 0n);
          if (fromWallet > 0n)
            movements.push({ account: wallet, available: -fromWallet }, { account: CLEARING, available: fromWallet });
          short -= fromWallet;
        }
        if (short > 0n) {
          insuranceDelta -= short;
          movements.push({ account: INSURANCE, available: -short }, { account: CLEARING, available: short });
        }
      }
    }
    fee = feeFromReserve + feeFromClose;
    const remaining = q - fill.closedQty;
    const feeOnClose = fill.openedQty > 0n ? (fee * fill.closedQty) / qty : fee;
    const closed = remaining === 0n;
    if (closed && restMargin > 0n) {
      // margin left after a full close (the loss was smaller than the basis split assumed) returns as well
      movements.push({ account: CLEARING, available: -restMargin }, { account: wallet, available: restMargin });
    }
    const update = {
      qtyLots: remaining,
      // a closed row keeps no basis; its open price is opened_value / closed_lots
      entryValue: closed ? 0n : fill.position.entryValue,
      margin: closed ? 0n : restMargin,
      realizedPnl: pos.realizedPnl + fill.realizedPnl,
      closedLots: pos.closedLots + fill.closedQty,
      closeValue: pos.closeValue + fill.closedQty * price,
      fee: pos.fee + feeOnClose,
      updatedAt: now,
      ...(closed ? { status: 'closed' as const, closeReason: party.closeReason, closedAt: now } : {}),
    };
    const [row] = await tx.update(futuresPositions).set(update).where(eq(futuresPositions.id, pos.id)).returning();
    closedRow = row!;
    fee -= feeOnClose;
  } else {
    fee = feeFromReserve;
  }

  let current: PositionRow | null = closedRow && closedRow.status === 'open' ? closedRow : null;
  if (fill.openedQty > 0n) {
    const opened = fill.openedQty * price;
    if (pos && !fill.flipped && pos.status === 'open' && fill.closedQty === 0n) {
      const [row] = await tx
        .update(futuresPositions)
        .set({
          qtyLots: pos.qtyLots + fill.openedQty,
          entryValue: pos.entryValue + opened,
          margin: pos.margin + openIm,
          openedValue: pos.openedValue + opened,
          fee: pos.fee + fee,
          updatedAt: now,
        })
        .where(eq(futuresPositions.id, pos.id))
        .returning();
      current = row!;
    } else {
      const [row] = await tx
        .insert(futuresPositions)
        .values({
          userId,
          symbol: contract.symbol,
          side: party.side === 'buy' ? 'long' : 'short',
          marginMode: order?.marginMode ?? 'cross',
          leverage: order?.leverage ?? 1,
          qtyLots: fill.openedQty,
          entryValue: opened,
          margin: openIm,
          openedValue: opened,
          fee,
          status: 'open',
          openedAt: now,
          updatedAt: now,
        })
        .returning();
      current = row!;
    }
  }

  await postNonEmpty(tx, ledger, 'futures_trade', ref, movements);
  const totalFee = feeFromReserve + feeFromClose;
  if (feeFromReserve > 0n)
    await ledger.settleFrozen(
      tx,
      'futures_fee',
      wallet,
      [{ account: FEES, amount: feeFromReserve }],
      ref,
      coupon?.memo,
    );
  if (feeFromClose > 0n) await ledger.transfer(tx, 'futures_fee', CLEARING, FEES, feeFromClose, ref, coupon?.memo);
  if (order) order.fee += totalFee;
  const realizedPnl = fill.closedQty > 0n && pos ? fill.realizedPnl : 0n;
  return { fee: totalFee, insuranceDelta, position: current, reduced: fill.closedQty > 0n, realizedPnl };
}

function sumAvailable(movements: Movement[], account: AccountRef): bigint {
  const key = JSON.stringify(account);
  return movements.filter((m) => JSON.stringify(m.account) === key).reduce((s, m) => s + (m.available ?? 0n), 0n);
}

/** Posts the movements as one entry unless they cancel out entirely. */
export async function postNonEmpty(
  tx: Db,
  ledger: LedgerService,
  kind: string,
  reference: string,
  movements: Movement[],
): Promise<void> {
  const net = new Map<string, bigint>();
  for (const m of movements) {
    const k = JSON.stringify(m.account);
    net.set(`${k}|a`, (net.get(`${k}|a`) ?? 0n) + (m.available ?? 0n));
    net.set(`${k}|f`, (net.get(`${k}|f`) ?? 0n) + (m.frozen ?? 0n));
  }
  if ([...net.values()].every((v) => v === 0n)) return;
  await ledger.post(tx, { kind, reference, movements });
}
