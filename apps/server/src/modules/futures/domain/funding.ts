/**
 * Funding (reference A2.8): premium index from impact prices, the clamped rate, and the payments.
 *
 *   P   = [max(0, impactBid − index) − max(0, index − impactAsk)] / index
 *   F8h = P̄ + clamp(I − P̄, −clamp, +clamp)          (I = interest per 8 h)
 *   F   = F8h × intervalHours / 8, then clamped to ±cap
 *   payment = |size| × mark × F:  F > 0 longs pay shorts, F < 0 shorts pay longs.
 *
 * Funding is a transfer between users; the platform neither takes nor gives anything. Rounding rule
 * (decision 0007): every payer pays its exact amount rounded DOWN to a minor unit (never more than it owes);
 * the sum collected is shared among the receivers in proportion to size by the largest-remainder method, so
 * the payments sum to exactly zero. With balanced open interest no one is off by a whole minor unit or more.
 */
import type { Contract } from './contracts.ts';
import { absBig, clampBig, RATE_ONE, type Lots, type Rate, type Ticks, type Units } from '@tidemark/futures-math';

/** An average fill price as the exact ratio value / qty (ticks = value / qty). */
export interface ImpactPrice {
  value: Units;
  qty: Lots;
}

/**
 * Average price to fill `notional` USDT against book levels (best first, [price ticks, lots]); null when the
 * book is too thin to fill it.
 */
export function impactPrice(levels: ReadonlyArray<readonly [Ticks, Lots]>, notional: Units): ImpactPrice | null {
  let value = 0n;
  let qty = 0n;
  for (const [price, lots] of levels) {
    const levelValue = price * lots;
    if (value + levelValue >= notional) {
      const take = (notional - value + price - 1n) / price; // lots needed to reach the notional, rounded up
      return { value: value + take * price, qty: qty + take };
    }
    value += levelValue;
    qty += lots;
  }
  return null;
}

/** Premium index as a Rate, rounded toward zero. A side the book cannot fill contributes nothing. */
export function premiumIndex(index: Ticks, impactBid: ImpactPrice | null, impactAsk: ImpactPrice | null): Rate {
  if (index <= 0n) throw new RangeError('index price must be positive');
  let num = 0n; // premium × index, as a rational over a common denominator below
  let den = 1n;
  // impact bid above index: + (bidValue/bidQty − index)/index
  if (impactBid && impactBid.qty > 0n && impactBid.value > index * impactBid.qty) {
    num = impactBid.value - index * impactBid.qty;
    den = impactBid.qty;
  }
  if (impactAsk && impactAsk.qty > 0n && impactAsk.value < index * impactAsk.qty) {
    const askNum = index * impactAsk.qty - impactAsk.value;
    num = num * impactAsk.qty - askNum * den;
    den *= impactAsk.qty;
  }
  return (num * RATE_ONE) / (den * index);
}

/** Mean of the premium samples of an interval (equally spaced samples = Binance's time weighting), toward zero. */
export function averagePremium(samples: readonly Rate[]): Rate {
  if (samples.length === 0) return 0n;
  let sum = 0n;
  for (const s of samples) sum += s;
  return sum / BigInt(samples.length);
}

/** The funding rate for one interval of the contract. */
export function fundingRate(contract: Contract, avgPremium: Rate): Rate {
  const band = contract.fundingClamp;
  const f8h = avgPremium + clampBig(contract.fundingInterest - avgPremium, -band, band);
  const eightHours = 8n * 3_600_000n;
  const f = (f8h * BigInt(contract.fundingIntervalMs)) / eightHours;
  return clampBig(f, -contract.fundingCap, contract.fundingCap);
}

/**
 * Funding payments at settlement for the positions open at that moment, by signed size. Returns one amount per
 * position in input order: negative = pays, positive = receives. Σ = 0 exactly.
 */
export function fundingPayments(rate: Rate, mark: Ticks, sizes: readonly Lots[]): Units[] {
  const out = new Array<Units>(sizes.length).fill(0n);
  if (rate === 0n) return out;
  // F > 0: longs pay. F < 0: shorts pay.
  const payerIsLong = rate > 0n;
  const absRate = absBig(rate);
  let collected = 0n;
  let receiverQty = 0n;
  for (let i = 0; i < sizes.length; i++) {
    const s = sizes[i]!;
    if (s === 0n) continue;
    if (s > 0n === payerIsLong) {
      const pay = (absBig(s) * mark * absRate) / RATE_ONE; // rounded down: never more than owed
      out[i] = -pay;
      collected += pay;
    } else {
      receiverQty += absBig(s);
    }
  }
  if (receiverQty === 0n) return new Array<Units>(sizes.length).fill(0n); // no one to pay: no transfer at all
  // largest remainder: floor shares, then one more unit to the largest remainders (ties: earlier position)
  let given = 0n;
  const remainders: Array<{ i: number; r: bigint }> = [];
  for (let i = 0; i < sizes.length; i++) {
    const s = sizes[i]!;
    if (s === 0n || s > 0n === payerIsLong) continue;
    const exact = collected * absBig(s);
    const share = exact / receiverQty;
    out[i] = share;
    given += share;
    remainders.push({ i, r: exact % receiverQty });
  }
  remainders.sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i));
  for (let k = 0; given < collected; k++) {
    out[remainders[k]!.i]! += 1n;
    given += 1n;
  }
  return out;
}
