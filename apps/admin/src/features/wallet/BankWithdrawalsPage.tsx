import { BANK_STATUSES, type BankStatus, type BankWithdrawal } from '@tidemark/contract/wallet';
import { useTranslation } from 'react-i18next';
import { WithdrawalQueue } from './WithdrawalQueue.tsx';

/** Bank withdrawals: finance pays them outside the platform, then marks them paid, or rejects with a reason. */
export function BankWithdrawalsPage() {
  const { t } = useTranslation();
  return (
    <WithdrawalQueue<BankWithdrawal, BankStatus>
      title={t('nav.bankWithdrawals')}
      path="/admin/wallet/bank-withdrawals"
      statuses={BANK_STATUSES}
      approve={{
        path: '/admin/wallet/bank-withdrawals/paid',
        label: t('bank.markPaid'),
        done: t('bank.markedPaid'),
        confirm: t('bank.confirmPaid'),
      }}
      columns={[
        { title: t('bank.cardholder'), dataIndex: 'cardholder' },
        { title: t('bank.bank'), render: (_, r) => `${r.bankName} ${r.branchName} (${r.bankCode})` },
        { title: t('bank.card'), dataIndex: 'cardNumber' },
        { title: t('common.amount'), dataIndex: 'amount', align: 'right' },
        { title: t('bank.receive'), dataIndex: 'receive', align: 'right' },
      ]}
    />
  );
}
