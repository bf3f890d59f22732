/** A "from → to" pair whose two sides always differ. */
export interface SwapPair<T extends string> {
  from: T;
  to: T;
}

/** Picks `value` on one side; picking what the other side holds swaps the two instead of repeating it. */
export function pickSide<T extends string>(pair: SwapPair<T>, side: keyof SwapPair<T>, value: T): SwapPair<T> {
  if (side === 'from') return { from: value, to: value === pair.to ? pair.from : pair.to };
  return { from: value === pair.from ? pair.to : pair.from, to: value };
}

/** The pair the other way round. */
export const swapped = <T extends string>(pair: SwapPair<T>): SwapPair<T> => ({ from: pair.to, to: pair.from });
