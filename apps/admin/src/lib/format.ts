/** Epoch milliseconds as the operator's local date and time. */
export function formatTime(ms: number | null | undefined): string {
  if (!ms) return '—';
  return new Date(ms).toLocaleString();
}

/** A table cell for a value that may be absent: the value, or a dash. */
export function orDash(v: string | number | null): string | number {
  return v ?? '—';
}
