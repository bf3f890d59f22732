import {
  BANK_STATUSES,
  type BankStatus,
  type BankWithdrawal as ContractBankWithdrawal,
} from '@tidemark/contract/wallet';
import { Button, Popconfirm, Space, Table, Typography } from 'antd';
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
import { useUserReview } from './user-review.tsx';

interface BankWithdrawal extends ContractBankWithdrawal {
  userId: number;
}

/** Bank withdrawals: finance pays them outside the platform, then marks them paid, or rejects with a reason. */
export function BankWithdrawalsPage() {
  const { t } = useTranslation();
  const { me } = useMe();
  const mayDecide = !!me && hasRole(me.roles, ['finance']);
  const { list, filter, table } = useStatusQueue<BankWithdrawal, BankStatus>(
    '/admin/wallet/bank-withdrawals',
    BANK_STATUSES,
    'pending',
  );
  const [rejecting, setRejecting] = useState<number | null>(null);
  const { run, busy } = useAction();
  const userReview = useUserReview();

  const paid = (id: number) =>
    run(async () => {
      await call('/admin/wallet/bank-withdrawals/paid', { id });
      list.reload();
    }, t('bank.markedPaid'));
  const reject = (id: number, reason: string) =>
    run(async () => {
      await call('/admin/wallet/bank-withdrawals/reject', { id, reason });
      setRejecting(null);
      list.reload();
    }, t('withdrawals.rejected'));

  return (
    <>
      <Typography.Title level={3}>{t('nav.bankWithdrawals')}</Typography.Title>
      {filter}
      <Table<BankWithdrawal>
        {...table}
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          userReview.column,
          { title: t('bank.cardholder'), dataIndex: 'cardholder' },
          { title: t('bank.bank'), render: (_, r) => `${r.bankName} ${r.branchName} (${r.bankCode})` },
          { title: t('bank.card'), dataIndex: 'cardNumber' },
          { title: t('common.amount'), dataIndex: 'amount', align: 'right' },
          { title: t('bank.receive'), dataIndex: 'receive', align: 'right' },
          { title: t('common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
          { title: t('common.time'), dataIndex: 'time', render: formatTime },
          {
            title: t('common.actions'),
            render: (_, r) =>
              r.status === 'pending' && mayDecide ? (
                <Space>
                  <Popconfirm title={t('bank.confirmPaid')} onConfirm={() => void paid(r.id)}>
                    <Button size="small" type="primary" loading={busy}>
                      {t('bank.markPaid')}
                    </Button>
                  </Popconfirm>
                  <Button size="small" danger disabled={busy} onClick={() => setRejecting(r.id)}>
                    {t('common.reject')}
                  </Button>
                </Space>
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
