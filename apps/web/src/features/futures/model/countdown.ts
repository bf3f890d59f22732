/** "hh:mm:ss" until a time (never negative): the funding countdown. */
export function countdownText(target: number, now: number): string {
  const s = Math.max(0, Math.floor((target - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
