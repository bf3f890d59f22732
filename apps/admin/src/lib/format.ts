/** Epoch milliseconds as the operator's local date and time. */
export function formatTime(ms: number | null | undefined): string {
  if (!ms) return '—';
  return new Date(ms).toLocaleString();
}
