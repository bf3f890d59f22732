import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../lib/use-load.ts';

const PAGE_SIZE = 50;

/**
 * A paged list of one operator call filtered by status (deposits, withdrawals, bank withdrawals): the
 * status chooser (back to page 1 on a change) and what the table needs. `all`, when offered, sends no
 * status at all.
 */
export function useStatusQueue<T, S extends string>(path: string, statuses: readonly S[], first: S) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<S>(first);
  const [page, setPage] = useState(1);
  const list = useLoad<{ total: number; items: T[] }>(path, {
    ...(status === 'all' ? {} : { status }),
    page,
    size: PAGE_SIZE,
  });
  const filter = (
    <Segmented<S>
      value={status}
      onChange={(v) => {
        setStatus(v);
        setPage(1);
      }}
      options={statuses.map((s) => ({ value: s, label: t(`status.${s as string}`) }))}
      style={{ marginBottom: 16 }}
    />
  );
  const table = {
    rowKey: 'id',
    loading: list.loading,
    dataSource: list.data?.items ?? [],
    pagination: { current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage },
  };
  return { list, filter, table };
}
