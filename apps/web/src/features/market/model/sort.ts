import { compareDecimal } from '../../../lib/format/compare.ts';

/**
 * The sortable list header of spec §4: three columns (name, price, volume). Tapping the column that
 * is already selected cycles its sort none (0) → 1 → 2 → none; tapping another column selects it
 * with sort 1. Sort 1 is ascending for the name and descending for the numbers (what a user tapping
 * "price" first wants to see: the most expensive on top); sort 2 reverses it.
 */
export type SortColumn = 'name' | 'price' | 'volume';
export type SortOrder = 0 | 1 | 2;

export interface SortState {
  column: SortColumn | null;
  sort: SortOrder;
}

export const NO_SORT: SortState = { column: null, sort: 0 };

export function tapColumn(state: SortState, column: SortColumn): SortState {
  if (state.column !== column) return { column, sort: 1 };
  const next = ((state.sort + 1) % 3) as SortOrder;
  return next === 0 ? NO_SORT : { column, sort: next };
}

/** What a row offers to the sorter: a name and decimal strings (never parsed into floats). */
export interface SortableRow {
  name: string;
  price: string | null;
  volume: string | null;
}

/**
 * The rows in the header's order; the input order when unsorted. Stable, and rows without a value
 * go last in both directions (an unknown price is not "the cheapest").
 */
export function sortRows<T extends SortableRow>(rows: readonly T[], state: SortState): T[] {
  const { column, sort } = state;
  if (column === null || sort === 0) return [...rows];
  const indexed = rows.map((row, i) => ({ row, i }));
  indexed.sort((a, b) => {
    const c = compareBy(a.row, b.row, column, sort);
    return c !== 0 ? c : a.i - b.i;
  });
  return indexed.map((x) => x.row);
}

function compareBy(a: SortableRow, b: SortableRow, column: SortColumn, sort: 1 | 2): number {
  if (column === 'name') {
    const c = a.name.localeCompare(b.name, 'en');
    return sort === 1 ? c : -c;
  }
  const x = a[column];
  const y = b[column];
  if (x === null && y === null) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  const c = compareDecimal(x, y);
  return sort === 1 ? -c : c;
}
