/** Whole seconds left until `expiresAt` (epoch ms), never negative; rounds up so "0" means expired. */
export function secondsUntil(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** The device clock (epoch ms): read when an answer arrives, to count a quote's validity from then. */
export const deviceNow = (): number => Date.now();
