/**
 * The records date range (spec §9: its widest span is a server parameter). Dates are the user's
 * local calendar days: `from` is the start of its day, `to` the end of its day.
 */
const DAY = 86_400_000;

export interface DateRange {
  from: Date;
  to: Date;
}

export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

export function endOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999);
}

/** The default range: the last `days` days up to today (inclusive of today, within the maximum). */
export function defaultRange(now: Date, days: number): DateRange {
  const to = endOfDay(now);
  const from = startOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1)));
  return { from, to };
}

/** Epoch bounds for the server; null when the range is inverted or wider than `maxDays`. */
export function rangeBounds(range: DateRange, maxDays: number): { from: number; to: number } | null {
  const from = startOfDay(range.from).getTime();
  const to = endOfDay(range.to).getTime();
  if (to < from) return null;
  if (to - from > maxDays * DAY) return null;
  return { from, to };
}

/** The earliest day the picker offers for `from` once `to` is chosen (and vice versa). */
export function earliestFrom(to: Date, maxDays: number): Date {
  return startOfDay(new Date(to.getFullYear(), to.getMonth(), to.getDate() - (maxDays - 1)));
}

export function latestTo(from: Date, maxDays: number, now: Date): Date {
  const limit = endOfDay(new Date(from.getFullYear(), from.getMonth(), from.getDate() + (maxDays - 1)));
  return limit.getTime() < now.getTime() ? limit : endOfDay(now);
}
