import type { DepthLevel, DepthSnapshot } from '@tidemark/contract';
import { compareDecimal } from '../format/compare.ts';

/**
 * An aggregated order book kept from a depth snapshot and its deltas (the `/ws` depth channel).
 * Levels are keyed by the price string as the server writes it; a delta level with quantity "0"
 * removes the level. Pure: every apply returns a new book, so React can compare by reference.
 */
export interface DepthBook {
  bids: DepthLevel[]; // best (highest) first
  asks: DepthLevel[]; // best (lowest) first
}

export const EMPTY_BOOK: DepthBook = { bids: [], asks: [] };

export function bookFromSnapshot(s: Pick<DepthSnapshot, 'bids' | 'asks'>): DepthBook {
  return { bids: sortSide(s.bids, 'bid'), asks: sortSide(s.asks, 'ask') };
}

export function applyDepthDelta(book: DepthBook, delta: { bids?: DepthLevel[]; asks?: DepthLevel[] }): DepthBook {
  return {
    bids: delta.bids?.length ? mergeSide(book.bids, delta.bids, 'bid') : book.bids,
    asks: delta.asks?.length ? mergeSide(book.asks, delta.asks, 'ask') : book.asks,
  };
}

function isZero(q: string): boolean {
  return !/[1-9]/.test(q);
}

function mergeSide(levels: DepthLevel[], changes: DepthLevel[], side: 'bid' | 'ask'): DepthLevel[] {
  const byPrice = new Map<string, DepthLevel>();
  for (const l of levels) byPrice.set(priceKey(l[0]), l);
  for (const c of changes) {
    if (isZero(c[1])) byPrice.delete(priceKey(c[0]));
    else byPrice.set(priceKey(c[0]), c);
  }
  return sortSide([...byPrice.values()], side);
}

function sortSide(levels: DepthLevel[], side: 'bid' | 'ask'): DepthLevel[] {
  const live = levels.filter((l) => !isZero(l[1]));
  return live.sort((a, b) => (side === 'bid' ? compareDecimal(b[0], a[0]) : compareDecimal(a[0], b[0])));
}

/** "100.50" and "100.5" are the same level. */
function priceKey(price: string): string {
  const [i = '', f = ''] = price.split('.');
  const frac = f.replace(/0+$/, '');
  return (i.replace(/^0+(?=\d)/, '') || '0') + (frac ? '.' + frac : '');
}
