import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import type { CoinRowModel } from '../model/coin-row.ts';
import { NO_SORT, sortRows, tapColumn, type SortState } from '../model/sort.ts';
import { CoinRow } from './CoinRow.tsx';
import { SortHeader } from './SortHeader.tsx';

/** A sortable list of coin rows with the spec §4 header; `empty` shows when there are no rows. */
export function CoinList(props: { rows: CoinRowModel[]; star?: boolean; empty?: string; testId?: string }) {
  const { t } = useTranslation('market');
  const [sort, setSort] = useState<SortState>(NO_SORT);
  const rows = sortRows(props.rows, sort);
  return (
    <div data-testid={props.testId}>
      <SortHeader state={sort} onTap={(c) => setSort((s) => tapColumn(s, c))} />
      {rows.length === 0 ? (
        <EmptyState title={props.empty ?? t('list.empty')} />
      ) : (
        <ul className="coin-list">
          {rows.map((r) => (
            <CoinRow key={r.id} row={r} star={props.star} />
          ))}
        </ul>
      )}
    </div>
  );
}
