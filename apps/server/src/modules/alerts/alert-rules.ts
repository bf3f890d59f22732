import { parseUnits } from '@tidemark/contract/money';
import { PRICE_SCALE } from '../market/instruments.ts';

/**
 * When an alert fires, decided on exact decimal strings (index prices at PRICE_SCALE) turned into bigint units:
 * no float ever decides whether a price crossed a level.
 */

export interface Tick {
  /** Epoch ms. */
  ts: number;
  /** Decimal string. */
  price: string;
}

const units = (price: string) => parseUnits(price, PRICE_SCALE, 'floor');

/**
 * The first tick at or beyond the level, in time order: 'above' fires on a price ≥ target, 'below' on one ≤ target.
 * The alert is only accepted while the price is on the other side of the level (alerts.service.ts), so reaching
 * it is crossing it.
 */
export function firstCrossing(ticks: readonly Tick[], kind: 'above' | 'below', target: string): Tick | null {
  const level = units(target);
  for (const tick of ticks) {
    const p = units(tick.price);
    if (kind === 'above' ? p >= level : p <= level) return tick;
  }
  return null;
}

/** A percentage with at most two decimals as basis points (5.25 → 525). */
export function basisPoints(percent: string): bigint {
  return parseUnits(percent, 2);
}

/**
 * Whether `latest` is at least `percent` above the lowest price of the window or at least `percent` below its
 * highest one — a move of that size, up or down, that ended at the latest tick. The window's extremes include the
 * latest tick itself. Returns the direction, or null.
 */
export function moveBeyond(latest: string, low: string, high: string, percent: string): 'up' | 'down' | null {
  const bp = basisPoints(percent);
  const p = units(latest) * 10_000n;
  if (p >= units(low) * (10_000n + bp)) return 'up';
  if (p <= units(high) * (10_000n - bp)) return 'down';
  return null;
}

/**
 * Groups the digits of an exact decimal string with the locale's separators (taken from Intl on a sample number, so
 * the value itself never passes through a float): 64210.5 → "64,210.5" in English, "64.210,5" in German.
 */
export function formatPrice(price: string, intlLocale: string): string {
  const parts = new Intl.NumberFormat(intlLocale).formatToParts(12345.6);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const [whole = '0', frac] = price.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return frac ? `${grouped}${decimal}${frac}` : grouped;
}
