import { compareDecimal } from '../../../lib/format/compare.ts';
import type { CoinRowModel } from './coin-row.ts';

/**
 * The home ranking lists (spec §2): by 24-hour turnover, gainers (largest rise first, only rows
 * that rose) and losers (largest fall first, only rows that fell). Rows without trades are left out
 * of gainers and losers: "no change" is neither.
 */
export type Ranking = 'turnover' | 'gainers' | 'losers';

export function rank(rows: readonly CoinRowModel[], ranking: Ranking, limit = 10): CoinRowModel[] {
  const list = [...rows];
  if (ranking === 'turnover') {
    list.sort((a, b) => compareDecimal(b.volume ?? '0', a.volume ?? '0'));
    return list.slice(0, limit);
  }
  const moved = list.filter((r) => (ranking === 'gainers' ? r.isUp : r.isDown));
  moved.sort((a, b) => {
    const c = compareDecimal(b.changePercent ?? '0', a.changePercent ?? '0');
    return ranking === 'gainers' ? c : -c;
  });
  return moved.slice(0, limit);
}
