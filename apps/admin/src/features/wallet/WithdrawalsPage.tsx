import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api.ts';
import { useLoad } from '../../lib/use-load.ts';
import {
  WITHDRAWAL_STATUSES,
  type NetworkStatus,
  type Withdrawal as ContractWithdrawal,
  type WithdrawalStatus,
} from '@tidemark/contract/wallet';
import { WithdrawalQueue } from './WithdrawalQueue.tsx';

/** A pending one on a real network also says what its network charges in gas now. */
type Withdrawal = ContractWithdrawal & { networkFee?: string | null };

/** On-chain withdrawals: the review queue (finance approves or rejects with a reason) and the history. */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  // a stuck transaction can be sped up only where a real chain serves the network
  const { data: chains } = useLoad<{ networks: NetworkStatus[] }>('/admin/wallet/chains/status');
  const real = new Set((chains?.networks ?? []).filter((n) => !n.demo).map((n) => n.network));
  return (
    <WithdrawalQueue<Withdrawal, WithdrawalStatus>
      title={t('nav.withdrawals')}
      path="/admin/wallet/withdrawals"
      statuses={WITHDRAWAL_STATUSES}
      approve={{
        path: '/admin/wallet/withdrawals/approve',
        label: t('common.approve'),
        done: t('withdrawals.approved'),
      }}
      columns={[
        { title: t('common.currency'), render: (_, r) => `${r.currency} · ${r.chain}` },
        { title: t('common.amount'), dataIndex: 'amount', align: 'right' },
        { title: t('withdrawals.fee'), dataIndex: 'fee', align: 'right' },
        { title: t('withdrawals.networkFee'), align: 'right', render: (_, r) => r.networkFee ?? '—' },
        { title: t('withdrawals.address'), dataIndex: 'address', ellipsis: true },
      ]}
      otherActions={(r, { run, busy, reload }) =>
        r.status === 'sent' && real.has(r.chain) ? (
          <Button
            size="small"
            loading={busy}
            data-qa={`speed-up-${r.id}`}
            onClick={() =>
              void run(async () => {
                await call('/admin/wallet/withdrawals/speed-up', { id: r.id });
                reload();
              }, t('withdrawals.spedUp'))
            }
          >
            {t('withdrawals.speedUp')}
          </Button>
        ) : null
      }
    />
  );
}
