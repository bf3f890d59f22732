import { Fragment, useState, type ReactNode } from 'react';
import { FileOutline } from 'antd-mobile-icons';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { PAGE_SIZE } from '../api/wallet.ts';
import type { Page } from '../api/types.ts';
import { showAmount } from '../model/amounts.ts';
import { Pager } from './Pager.tsx';
import { StatusTag } from './StatusTag.tsx';

/**
 * A card of the user's records (deposits, withdrawals, bank withdrawals, conversions), a page at a time: it waits,
 * says there is nothing yet, or shows each record as `row` draws it with the pager below. The lists differ only
 * in their query and their rows.
 */
export function PagedRecords<T extends { id: number }, K extends QueryKey>(props: {
  title?: string;
  query: (page: number) => UseQueryOptions<Page<T>, Error, Page<T>, K>;
  empty: { title: string; testId: string };
  row: (record: T) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const records = useQuery(props.query(page));
  return (
    <section className="card">
      {props.title ? (
        <header className="card__head">
          <h2 className="card__title">{props.title}</h2>
        </header>
      ) : null}
      {!records.data ? (
        <LoadState of={[records]} />
      ) : records.data.items.length === 0 ? (
        <EmptyState testId={props.empty.testId} icon={<FileOutline />} title={props.empty.title} />
      ) : (
        <>
          {records.data.items.map((r) => (
            <Fragment key={r.id}>{props.row(r)}</Fragment>
          ))}
          <Pager page={page} size={PAGE_SIZE} total={records.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** A money record's first line: the amount in its currency, and where the record stands. */
export function AmountStatusHead(props: {
  record: { amount: string; currency: string; status: string };
  statusTestId: string;
}) {
  return (
    <div className="wal-record__head">
      <span>
        {showAmount(props.record.amount)} {props.record.currency}
      </span>
      <StatusTag status={props.record.status} testId={props.statusTestId} />
    </div>
  );
}
