/**
 * Countdowns follow the server's clock, not the phone's: an answer that carries the server's `now`
 * gives the offset between the two, and the time left is measured on the server's time.
 */
export function clockOffset(serverNow: number, localNow: number): number {
  return serverNow - localNow;
}

/** Whole seconds left until `endAt` (server time), never negative; rounds up so 0 means ended. */
export function secondsLeft(endAt: number, localNow: number, offset: number): number {
  return Math.max(0, Math.ceil((endAt - (localNow + offset)) / 1000));
}

/** 75 → "01:15". */
export function mmss(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
