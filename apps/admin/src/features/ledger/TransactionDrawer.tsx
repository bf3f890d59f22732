import { Descriptions, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordDrawer } from '../../components/RecordDrawer.tsx';
import { formatTime } from '../../lib/format.ts';
import { useLoad } from '../../lib/use-load.ts';

interface Transaction {
  id: number;
  kind: string;
  reference: string | null;
  memo: string | null;
  time: number;
  postings: {
    id: number;
    accountId: number;
    owner: string;
    wallet: string;
    currency: string;
    available: string;
    frozen: string;
  }[];
  sums: { currency: string; sum: string; balanced: boolean }[];
}

function Body({ id, onAccount }: { id: number; onAccount: (accountId: number) => void }) {
  const { t } = useTranslation();
  const { data, error } = useLoad<Transaction>('/admin/ledger/transaction', { transactionId: id });
  if (error && !data) return <Tag color="red">{error.message}</Tag>;
  if (!data) return null;
  return (
    <>
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label={t('ledger.kind')}>{data.kind}</Descriptions.Item>
        <Descriptions.Item label={t('ledger.reference')}>{data.reference ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('ledger.memo')}>{data.memo ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('common.time')}>{formatTime(data.time)}</Descriptions.Item>
        <Descriptions.Item label={t('ledger.sum')}>
          {data.sums.map((s) => (
            <Tag key={s.currency} color={s.balanced ? 'green' : 'red'} data-qa="tx-sum">
              {s.currency} {s.sum}
            </Tag>
          ))}
        </Descriptions.Item>
      </Descriptions>
      <Table
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={data.postings}
        onRow={(p) => ({ onClick: () => onAccount(p.accountId), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('ledger.account'), dataIndex: 'accountId' },
          { title: t('ledger.owner'), dataIndex: 'owner' },
          { title: t('ledger.wallet'), dataIndex: 'wallet' },
          { title: t('common.currency'), dataIndex: 'currency' },
          { title: t('ledger.availableDelta'), dataIndex: 'available', align: 'right' },
          { title: t('ledger.frozenDelta'), dataIndex: 'frozen', align: 'right' },
        ]}
      />
    </>
  );
}

/** One journal transaction: every leg, and its sum per currency (zero, or the ledger is broken). */
export function TransactionDrawer(props: {
  id: number | null;
  onClose: () => void;
  onAccount: (accountId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <RecordDrawer
      of={props.id}
      width={760}
      title={t('ledger.transactionTitle', { id: props.id ?? '' })}
      onClose={props.onClose}
    >
      {(id) => <Body id={id} onAccount={props.onAccount} />}
    </RecordDrawer>
  );
}
