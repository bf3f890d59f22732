import { Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/StatusTag.tsx';
import { formatTime, orDash } from '../../lib/format.ts';
import { useLoad } from '../../lib/use-load.ts';
import { SectionTitle } from '../../components/SectionTitle.tsx';
import { ListTable } from '../../components/ListTable.tsx';

interface Contract {
  id: number;
  instrument: string;
  direction: string;
  period: number;
  stake: string;
  payoutRate: string;
  status: string;
  pnl: string | null;
  committedAt: number;
}
interface EarnOrder {
  id: number;
  currency: string;
  amount: string;
  earnings: string;
  lockDays: number;
  state: string;
  startTime: number;
  endTime: number;
}

/** The user's fixed-period (cycle) contracts, open or settled, and staking orders. */
export function UserProducts({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'open' | 'history'>('open');
  const cycle = useLoad<{ list: Contract[] }>('/admin/cycle/user-orders', { userId, status, size: 50 });
  const earn = useLoad<{ items: EarnOrder[] }>('/admin/earn/user-orders', { userId });
  return (
    <>
      <Typography.Title level={5}>{t('users.cycleOrders')}</Typography.Title>
      <Segmented
        value={status}
        onChange={setStatus}
        style={{ marginBottom: 8 }}
        options={[
          { value: 'open', label: t('users.open') },
          { value: 'history', label: t('users.settled') },
        ]}
      />
      <ListTable
        dataSource={cycle.data?.list ?? []}
        columns={[
          { title: t('common.time'), dataIndex: 'committedAt', render: formatTime },
          { title: t('users.symbol'), dataIndex: 'instrument' },
          { title: t('users.direction'), dataIndex: 'direction' },
          { title: t('users.period'), dataIndex: 'period', render: (v: number) => `${v}s` },
          { title: t('users.stake'), dataIndex: 'stake', align: 'right' },
          { title: t('users.payoutRate'), dataIndex: 'payoutRate', align: 'right' },
          { title: t('users.pnl'), dataIndex: 'pnl', align: 'right', render: orDash },
          { title: t('common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
        ]}
      />
      <SectionTitle>{t('users.earnOrders')}</SectionTitle>
      <ListTable
        dataSource={earn.data?.items ?? []}
        columns={[
          { title: t('common.time'), dataIndex: 'startTime', render: formatTime },
          { title: t('common.currency'), dataIndex: 'currency' },
          { title: t('common.amount'), dataIndex: 'amount', align: 'right' },
          { title: t('users.earnings'), dataIndex: 'earnings', align: 'right' },
          { title: t('users.lockDays'), dataIndex: 'lockDays', align: 'right' },
          { title: t('users.ends'), dataIndex: 'endTime', render: formatTime },
          { title: t('common.status'), dataIndex: 'state', render: (s: string) => <StatusTag status={s} /> },
        ]}
      />
    </>
  );
}
