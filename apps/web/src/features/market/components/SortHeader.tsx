import { useTranslation } from '../../../lib/use-translation.ts';
import type { SortColumn, SortState } from '../model/sort.ts';

/** The three sortable columns of spec §4; arrows show the column's sort 1 / 2. */
export function SortHeader(props: { state: SortState; onTap: (c: SortColumn) => void }) {
  const { t } = useTranslation('market');
  const col = (c: SortColumn, label: string, className: string) => {
    const sort = props.state.column === c ? props.state.sort : 0;
    return (
      <button
        type="button"
        className={`sort-header__col ${className}` + (sort ? ' is-active' : '')}
        data-testid={`sort-${c}`}
        data-sort={sort}
        onClick={() => props.onTap(c)}
      >
        {label}
        <span className="sort-header__arrows" aria-hidden="true">
          <span className={sort === 2 ? 'is-on' : ''}>▲</span>
          <span className={sort === 1 ? 'is-on' : ''}>▼</span>
        </span>
      </button>
    );
  };
  return (
    <div className="sort-header" role="toolbar">
      {col('name', t('list.name'), 'sort-header__name')}
      {col('volume', t('list.volume'), 'sort-header__volume')}
      {col('price', t('list.price'), 'sort-header__price')}
      <span className="sort-header__pct">{t('list.change')}</span>
    </div>
  );
}
