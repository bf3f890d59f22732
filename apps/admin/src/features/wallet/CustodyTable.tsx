import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustodyLine } from '@tidemark/contract/wallet';

/** The ledger check's custody lines: per currency, what the real chains hold against what users are owed. */
export function CustodyTable({ lines }: { lines: CustodyLine[] }) {
  const { t } = useTranslation();
  return (
    <Table<CustodyLine>
      size="small"
      rowKey="currency"
      pagination={false}
      dataSource={lines}
      data-qa="custody"
      columns={[
        { title: t('common.currency'), dataIndex: 'currency' },
        {
          title: t('chains.realNetworks'),
          render: (_, l) => (l.realNetworks.length ? l.realNetworks.join(', ') : t('common.demo')),
        },
        { title: t('chains.liabilities'), dataIndex: 'liabilities', align: 'right' },
        { title: t('chains.onChain'), render: (_, l) => l.onChain ?? '—', align: 'right' },
        {
          title: t('chains.surplus'),
          align: 'right',
          render: (_, l) => (l.short ? <Tag color="red">{l.surplus}</Tag> : (l.surplus ?? '—')),
        },
      ]}
    />
  );
}
