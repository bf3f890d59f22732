/**
 * Mark price = the median of three prices (reference A2.7, Binance's perpetual form), as a pure step: the
 * previous state and one new observation in, the new state (with the mark to record) out.
 *
 *   funding price = index × (1 + F × timeToFunding / interval)       the last funding rate's basis, decaying to 0
 *                                                                     at the next funding time
 *   basis price   = index + EMA(impact mid − index)                  time-weighted EMA, window 30 s by default
 *   last price    = the last trade between two independent accounts within the window, else the index
 *   mark          = median(funding, basis, last), then clamped to index × (1 ± markBand)
 *
 * Every input that comes from the book is taken from INDEPENDENT liquidity only: the caller leaves the
 * platform's own market maker out of the impact bid / ask and out of the last trade. The maker quotes around
 * the mark, so a basis sampled from its quotes would feed the mark back to itself and never decay (a basis
 * held at +0.25 % for ten minutes was seen that way). When no independent liquidity can fill the impact notional
 * on both sides, the sample is a zero basis: a book that says nothing about the basis lets the EMA decay toward
 * the index instead of holding the last opinion forever. With only the maker quoting, two of the three inputs
 * are therefore the index (or converge to it) and the median follows them; the third (the funding price) is at
 * most one funding rate away and itself decays to zero.
 *
 * The EMA starts at 0 (mark = index) so a fresh, possibly one-sided book cannot move the mark at once. The band
 * stops a thin or manipulated book from dragging the mark — and liquidations — far from the index.
 */
import type { Contract } from './contracts.ts';
import type { ImpactPrice } from './funding.ts';
import { clampBig, divCeil, divFloor, divHalfUp, RATE_ONE, type Rate, type Ticks } from '@tidemark/futures-math';

/** The basis EMA is held in millionths of a tick so slow convergence is not lost to rounding. */
export const BASIS_SCALE = 1_000_000n;

export interface MarkInputs {
  /** index × (1 + F × timeToFunding / interval), in ticks. */
  funding: Ticks;
  /** index + basis EMA, in ticks. */
  basis: Ticks;
  /** The recent independent last trade, or the index when there is none. */
  last: Ticks;
}

export interface MarkState {
  /** Basis EMA in ticks × BASIS_SCALE. */
  basisEma: bigint;
  /** Time of the last observation, epoch ms. */
  at: number;
  index: Ticks;
  mark: Ticks;
  /** The three prices the median was taken of (absent in a state restored from storage). */
  inputs?: MarkInputs;
}

export interface MarkObservation {
  /** Index price rounded half-up to ticks. */
  index: Ticks;
  /** Average fill price of the impact notional against independent bids (not the platform maker's); null if thin. */
  impactBid: ImpactPrice | null;
  /** The same against independent asks. */
  impactAsk: ImpactPrice | null;
  /** The last trade between two accounts neither of which is the platform maker. */
  lastTrade: { price: Ticks; at: number } | null;
  /** The funding rate of the current interval (the last one settled); null before the first settlement. */
  fundingRate: Rate | null;
  /** Milliseconds until the next funding time (clamped to [0, interval]). */
  msToFunding: number;
  /** Epoch ms (from the clock, not Date.now()). */
  at: number;
}

/** The median of three values. */
export function median3(a: bigint, b: bigint, c: bigint): bigint {
  if (a > b) [a, b] = [b, a];
  if (b > c) b = c;
  return a > b ? a : b;
}

/**
 * The basis sample of one observation in ticks × BASIS_SCALE: the impact mid minus the index, or 0 when
 * independent liquidity cannot fill the impact notional on both sides or the impact prices are crossed.
 */
export function basisSample(index: Ticks, bid: ImpactPrice | null, ask: ImpactPrice | null): bigint {
  if (!bid || !ask || bid.qty <= 0n || ask.qty <= 0n) return 0n;
  // bid = bid.value / bid.qty, ask = ask.value / ask.qty; crossed when bid > ask
  if (bid.value * ask.qty > ask.value * bid.qty) return 0n;
  const num = (bid.value * ask.qty + ask.value * bid.qty) * BASIS_SCALE;
  const den = 2n * bid.qty * ask.qty;
  return divHalfUp(num, den) - index * BASIS_SCALE;
}

/** index × (1 + F × timeToFunding / interval), rounded half-up to a tick. */
export function fundingPrice(contract: Contract, index: Ticks, rate: Rate | null, msToFunding: number): Ticks {
  if (rate === null || rate === 0n) return index;
  const interval = BigInt(Math.max(1, contract.fundingIntervalMs));
  const left = clampBig(BigInt(Math.max(0, Math.floor(msToFunding))), 0n, interval);
  return index + divHalfUp(index * rate * left, RATE_ONE * interval);
}

export function nextMark(contract: Contract, prev: MarkState | null, obs: MarkObservation): MarkState {
  if (obs.index <= 0n) throw new RangeError('index price must be positive');
  let ema = prev?.basisEma ?? 0n;
  const dt = prev ? Math.max(0, obs.at - prev.at) : 0;
  const window = Math.max(1, contract.markBasisWindowMs);
  if (dt > 0) {
    const sample = basisSample(obs.index, obs.impactBid, obs.impactAsk);
    const weight = BigInt(Math.min(dt, window));
    ema += divHalfUp((sample - ema) * weight, BigInt(window));
  }
  const recent = obs.lastTrade !== null && obs.lastTrade.price > 0n && obs.at - obs.lastTrade.at <= window;
  const inputs: MarkInputs = {
    funding: fundingPrice(contract, obs.index, obs.fundingRate, obs.msToFunding),
    basis: obs.index + divHalfUp(ema, BASIS_SCALE),
    last: recent ? obs.lastTrade!.price : obs.index,
  };
  let mark = median3(inputs.funding, inputs.basis, inputs.last);
  const lo = divCeil(obs.index * (RATE_ONE - contract.markBand), RATE_ONE);
  const hi = divFloor(obs.index * (RATE_ONE + contract.markBand), RATE_ONE);
  if (mark < lo) mark = lo;
  if (mark > hi) mark = hi;
  if (mark < 1n) mark = 1n;
  return { basisEma: ema, at: prev && obs.at < prev.at ? prev.at : obs.at, index: obs.index, mark, inputs };
}
