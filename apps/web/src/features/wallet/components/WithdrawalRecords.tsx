import Button from 'antd-mobile/es/components/button';
import Toast from 'antd-mobile/es/components/toast';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { cancelWithdrawal, withdrawalsQuery } from '../api/wallet.ts';
import { showAmount } from '../model/amounts.ts';
import { AmountStatusHead, PagedRecords } from './PagedRecords.tsx';
import { Time } from './Time.tsx';
import { confirmDialog } from '../../../lib/feedback.ts';

/** The user's on-chain withdrawals, newest first, with a cancel for one still pending review. */
export function WithdrawalRecords() {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();

  const onCancel = async (id: number) => {
    const ok = await confirmDialog({
      content: t('withdraw.cancelConfirm'),
      confirmText: t('action.confirm'),
      cancelText: t('action.back'),
    });
    if (!ok) return;
    try {
      await cancelWithdrawal(id);
      Toast.show({ content: t('withdraw.cancelled') });
    } catch {
      // the API client has shown the server's message
    }
    await refreshMoney(queryClient);
  };

  return (
    <PagedRecords
      query={withdrawalsQuery}
      title={t('withdraw.records')}
      empty={{ title: t('withdraw.noRecords'), testId: 'withdrawals-empty' }}
      row={(w) => (
        <div className="wal-record" data-testid="withdrawal-record" data-id={w.id}>
          <AmountStatusHead record={w} statusTestId="withdrawal-status" />
          <div className="wal-record__sub">
            <span>{t('withdraw.feeShort', { fee: showAmount(w.fee) })}</span>
            <span>{t('withdraw.receiveShort', { amount: showAmount(w.receive) })}</span>
            <Time at={w.time} />
          </div>
          <div className="wal-record__mono">
            {w.chain} · {w.address}
          </div>
          {w.reason ? <div className="wal-record__sub">{t('withdraw.reason', { reason: w.reason })}</div> : null}
          {w.txHash ? <div className="wal-record__mono">{w.txHash}</div> : null}
          {w.status === 'pending' ? (
            <Button
              size="mini"
              fill="outline"
              style={{ marginTop: 6 }}
              onClick={() => void onCancel(w.id)}
              data-testid="cancel-withdrawal"
            >
              {t('withdraw.cancel')}
            </Button>
          ) : null}
        </div>
      )}
    />
  );
}
