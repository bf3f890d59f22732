import { Button, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/me-context.ts';
import { ReasonModal } from '../../components/ReasonModal.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { call } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { useStatusQueue } from '../../components/status-queue.tsx';
import { hasRole } from '../../lib/roles.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';
import {
  WITHDRAWAL_STATUSES,
  type NetworkStatus,
  type Withdrawal as ContractWithdrawal,
  type WithdrawalStatus,
} from '@tidemark/contract/wallet';
import { useUserReview } from './user-review.tsx';

interface Withdrawal extends ContractWithdrawal {
  userId: number;
  /** A pending one on a real network: what its network charges in gas now. */
  networkFee?: string | null;
}

/** On-chain withdrawals: the review queue (finance approves or rejects with a reason) and the history. */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const { me } = useMe();
  const mayDecide = !!me && hasRole(me.roles, ['finance']);
  const { list, filter, table } = useStatusQueue<Withdrawal, WithdrawalStatus>(
    '/admin/wallet/withdrawals',
    WITHDRAWAL_STATUSES,
    'pending',
  );
  const [rejecting, setRejecting] = useState<number | null>(null);
  const { run, busy } = useAction();
  const userReview = useUserReview();
  // a stuck transaction can be sped up only where a real chain serves the network
  const { data: chains } = useLoad<{ networks: NetworkStatus[] }>('/admin/wallet/chains/status');
  const real = new Set((chains?.networks ?? []).filter((n) => !n.demo).map((n) => n.network));

  const approve = (id: number) =>
    run(async () => {
      await call('/admin/wallet/withdrawals/approve', { id });
      list.reload();
    }, t('withdrawals.approved'));
  const speedUp = (id: number) =>
    run(async () => {
      await call('/admin/wallet/withdrawals/speed-up', { id });
      list.reload();
    }, t('withdrawals.spedUp'));
  const reject = (id: number, reason: string) =>
    run(async () => {
      await call('/admin/wallet/withdrawals/reject', { id, reason });
      setRejecting(null);
      list.reload();
    }, t('withdrawals.rejected'));

  return (
    <>
      <Typography.Title level={3}>{t('nav.withdrawals')}</Typography.Title>
      {filter}
      <Table<Withdrawal>
        {...table}
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          userReview.column,
          { title: t('common.currency'), render: (_, r) => `${r.currency} · ${r.chain}` },
          { title: t('common.amount'), dataIndex: 'amount', align: 'right' },
          { title: t('withdrawals.fee'), dataIndex: 'fee', align: 'right' },
          {
            title: t('withdrawals.networkFee'),
            align: 'right',
            render: (_, r) => r.networkFee ?? '—',
          },
          { title: t('withdrawals.address'), dataIndex: 'address', ellipsis: true },
          { title: t('common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
          { title: t('common.reason'), dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
          { title: t('common.time'), dataIndex: 'time', render: formatTime },
          {
            title: t('common.actions'),
            render: (_, r) =>
              r.status === 'pending' && mayDecide ? (
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    loading={busy}
                    onClick={() => void approve(r.id)}
                    data-qa={`approve-${r.id}`}
                  >
                    {t('common.approve')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    disabled={busy}
                    onClick={() => setRejecting(r.id)}
                    data-qa={`reject-${r.id}`}
                  >
                    {t('common.reject')}
                  </Button>
                </Space>
              ) : r.status === 'sent' && mayDecide && real.has(r.chain) ? (
                <Button size="small" loading={busy} onClick={() => void speedUp(r.id)} data-qa={`speed-up-${r.id}`}>
                  {t('withdrawals.speedUp')}
                </Button>
              ) : null,
          },
        ]}
      />
      {userReview.drawer}
      <ReasonModal
        open={rejecting !== null}
        title={t('withdrawals.rejectTitle')}
        onCancel={() => setRejecting(null)}
        onOk={(reason) => void reject(rejecting!, reason)}
      />
    </>
  );
}
