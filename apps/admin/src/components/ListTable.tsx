import { Table, type TableProps } from 'antd';

/** A short list shown whole: small rows keyed by id and no pager (a user's orders, a transaction's legs). */
export function ListTable<T extends object>(props: Omit<TableProps<T>, 'rowKey' | 'size' | 'pagination'>) {
  return <Table<T> rowKey="id" size="small" pagination={false} {...props} />;
}
