import { DownloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordDrawer } from '../../components/RecordDrawer.tsx';
import { download } from '../../lib/api.ts';
import { formatTime, orDash } from '../../lib/format.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';

interface AccountPostings {
  account: { id: number; owner: string; currency: string; wallet: string; available: string; frozen: string };
  total: number;
  postings: {
    id: number;
    transactionId: number;
    kind: string;
    reference: string | null;
    memo: string | null;
    available: string;
    frozen: string;
    time: number;
  }[];
}

function Body({ id, onTransaction }: { id: number; onTransaction: (transactionId: number) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { run, busy } = useAction();
  const { data, error, loading } = useLoad<AccountPostings>('/admin/ledger/account', { accountId: id, page, size: 50 });
  if (error && !data) return <Tag color="red">{error.message}</Tag>;
  if (!data) return null;
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={2}
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={busy}
            data-qa="ledger-export"
            onClick={() =>
              void run(() => download('/admin/ledger/account/export', { accountId: id }, `ledger-account-${id}.csv`))
            }
          >
            {t('ledger.exportCsv')}
          </Button>
        }
      >
        <Descriptions.Item label={t('ledger.owner')}>{data.account.owner}</Descriptions.Item>
        <Descriptions.Item label={t('ledger.wallet')}>
          {data.account.wallet} · {data.account.currency}
        </Descriptions.Item>
        <Descriptions.Item label={t('ledger.available')}>{data.account.available}</Descriptions.Item>
        <Descriptions.Item label={t('ledger.frozen')}>{data.account.frozen}</Descriptions.Item>
      </Descriptions>
      <Table
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data.postings}
        pagination={{ current: page, pageSize: 50, total: data.total, onChange: setPage }}
        onRow={(p) => ({ onClick: () => onTransaction(p.transactionId), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('common.time'), dataIndex: 'time', render: formatTime },
          { title: t('ledger.transaction'), dataIndex: 'transactionId' },
          { title: t('ledger.kind'), dataIndex: 'kind' },
          { title: t('ledger.memo'), dataIndex: 'memo', ellipsis: true, render: orDash },
          { title: t('ledger.availableDelta'), dataIndex: 'available', align: 'right' },
          { title: t('ledger.frozenDelta'), dataIndex: 'frozen', align: 'right' },
        ]}
      />
    </>
  );
}

/** One ledger account: its balance, its postings newest first (each opens its transaction), a CSV export. */
export function AccountDrawer(props: {
  id: number | null;
  onClose: () => void;
  onTransaction: (transactionId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <RecordDrawer
      of={props.id}
      width={900}
      title={t('ledger.accountTitle', { id: props.id ?? '' })}
      onClose={props.onClose}
    >
      {(id) => <Body id={id} onTransaction={props.onTransaction} />}
    </RecordDrawer>
  );
}
