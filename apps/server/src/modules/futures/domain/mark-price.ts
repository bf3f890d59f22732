/**
 * Mark price = index + a smoothed basis (reference A2.7, the OKX / Binance "Price 2" form), as a pure step:
 * the previous state and one new observation in, the new state (with the mark to record) out.
 *
 *   basis sample = (best bid + best ask)/2 − index          (skipped when one side of the book is empty)
 *   EMA          = EMA + (sample − EMA) × min(Δt, window)/window   (time-weighted; window 30 s by default)
 *   mark         = index + EMA, rounded half-up to a tick, then clamped to index × (1 ± markBand)
 *
 * The EMA starts at 0 (mark = index) so a fresh, possibly one-sided book cannot move the mark at once. The
 * band stops a thin or manipulated book from dragging the mark — and liquidations — far from the index.
 */
import type { Contract } from './contracts.ts';
import { divCeil, divFloor, divHalfUp, RATE_ONE, type Ticks } from './units.ts';

/** The basis EMA is held in millionths of a tick so slow convergence is not lost to rounding. */
export const BASIS_SCALE = 1_000_000n;

export interface MarkState {
  /** Basis EMA in ticks × BASIS_SCALE. */
  basisEma: bigint;
  /** Time of the last observation, epoch ms. */
  at: number;
  index: Ticks;
  mark: Ticks;
}

export interface MarkObservation {
  /** Index price rounded half-up to ticks. */
  index: Ticks;
  bestBid: Ticks | null;
  bestAsk: Ticks | null;
  /** Epoch ms (from the clock, not Date.now()). */
  at: number;
}

export function nextMark(contract: Contract, prev: MarkState | null, obs: MarkObservation): MarkState {
  if (obs.index <= 0n) throw new RangeError('index price must be positive');
  let ema = prev?.basisEma ?? 0n;
  const dt = prev ? Math.max(0, obs.at - prev.at) : 0;
  if (obs.bestBid !== null && obs.bestAsk !== null && obs.bestBid > 0n && obs.bestAsk >= obs.bestBid && dt > 0) {
    // mid − index in ticks × BASIS_SCALE: (bid + ask) × S / 2 − index × S
    const sample = ((obs.bestBid + obs.bestAsk) * BASIS_SCALE) / 2n - obs.index * BASIS_SCALE;
    const window = BigInt(Math.max(1, contract.markBasisWindowMs));
    const weight = BigInt(Math.min(dt, Number(window)));
    ema += divHalfUp((sample - ema) * weight, window);
  }
  let mark = obs.index + divHalfUp(ema, BASIS_SCALE);
  const lo = divCeil(obs.index * (RATE_ONE - contract.markBand), RATE_ONE);
  const hi = divFloor(obs.index * (RATE_ONE + contract.markBand), RATE_ONE);
  if (mark < lo) mark = lo;
  if (mark > hi) mark = hi;
  if (mark < 1n) mark = 1n;
  return { basisEma: ema, at: prev && obs.at < prev.at ? prev.at : obs.at, index: obs.index, mark };
}
