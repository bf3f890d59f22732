import { ActionButton } from '../../../components/ActionButton.tsx';
import Tag from 'antd-mobile/es/components/tag';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ordersQuery, redeem, revoke, type EarnOrder } from '../api/earn.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { Line } from '../components/Line.tsx';
import { showAmount, showTime } from '../components/format.ts';
import { useMoneyCommand } from '../../../lib/use-money-command.ts';
import { percentOf } from '../model/earn-math.ts';
import { confirmDialog } from '../../../lib/feedback.ts';
import '../components/earn.css';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { ShareCard } from '../../share/components/ShareCard.tsx';

/**
 * /lockRecord: the user's locks; redeem early (penalty shown and confirmed first) or revoke within the grace period;
 * each lock's share card (interest in percent of the principal, amounts only when asked).
 */
export default signedInPage('earn', LockRecord);

function LockRecord() {
  const { t } = useTranslation('earn');
  // refreshed now and then: the daily accrual and maturity happen on the server
  const orders = useQuery({ ...ordersQuery(), refetchInterval: 15_000 });
  if (!orders.data) return <LoadState of={[orders]} />;
  return (
    <div className="earn-page" data-testid="lock-record">
      {orders.data.items.length === 0 ? (
        <EmptyState title={t('record.empty')} testId="lock-record-empty" />
      ) : (
        orders.data.items.map((o) => <OrderCard key={o.id} order={o} />)
      )}
    </div>
  );
}

const STATE_COLOR: Record<EarnOrder['state'], string> = {
  active: 'primary',
  matured: 'success',
  redeemed: 'default',
  revoked: 'default',
};

function OrderCard({ order: o }: { order: EarnOrder }) {
  const { t } = useTranslation('earn');
  const queryClient = useQueryClient();
  const command = useMoneyCommand();
  const c = o.currency;

  const act = async (kind: 'redeem' | 'revoke') => {
    const e = o.earlyRedemption;
    const content =
      kind === 'redeem' && e ? (
        <div data-testid="redeem-dialog">
          <Line label={t('record.principalPenalty')} testId="dialog-principal-penalty" tone="warn">
            {showAmount(e.principalPenalty)} {c}
          </Line>
          <Line label={t('record.forfeited')} testId="dialog-forfeited" tone="warn">
            {showAmount(e.forfeitedEarnings)} {c}
          </Line>
          <Line label={t('record.receive')} testId="dialog-receive" tone="strong">
            {showAmount(e.receive)} {c}
          </Line>
        </div>
      ) : (
        <div data-testid="revoke-dialog">
          {t('record.revokeText', {
            amount: showAmount(o.amount),
            currency: c,
            wallet: t(`confirm.wallet_${o.sourceWallet}`),
          })}
        </div>
      );
    const confirmed = await confirmDialog({
      title: t(kind === 'redeem' ? 'record.redeemTitle' : 'record.revokeTitle'),
      content,
      confirmText: t('record.confirm'),
      cancelText: t('record.cancel'),
    });
    if (!confirmed) return;
    try {
      const done = await command.run({ kind, id: o.id }, (requestId) =>
        kind === 'redeem' ? redeem(requestId, o.id) : revoke(requestId, o.id),
      );
      if (!done) return;
      Toast.show({ icon: 'success', content: t(kind === 'redeem' ? 'record.redeemed' : 'record.revoked') });
    } finally {
      await refreshMoney(queryClient);
    }
  };

  return (
    <section className="earn-card" data-testid={`order-${o.id}`}>
      <div className="earn-card__head">
        <span className="earn-card__title">
          {c} · {t('plans.days', { count: o.lockDays })}
        </span>
        <Tag color={STATE_COLOR[o.state]} data-testid="order-state">
          {t(`record.state_${o.state}`)}
        </Tag>
      </div>
      <Line label={t('record.amount')} testId="order-amount">
        {showAmount(o.amount)} {c}
      </Line>
      <Line label={t('record.earnings')} testId="order-earnings" tone="strong">
        {showAmount(o.earnings)} {c}
      </Line>
      <Line label={t('record.expected')}>
        {showAmount(o.expectedEarnings)} {c}
      </Line>
      <Line label={t('record.dailyRate')}>{percentOf(o.dailyRate)}%</Line>
      <Line label={t('record.start')}>{showTime(o.startTime)}</Line>
      <Line label={t('record.end')}>{showTime(o.endTime)}</Line>
      {o.penalty !== null && (
        <Line label={t('record.penaltyPaid')} testId="order-penalty" tone="warn">
          {showAmount(o.penalty)} {c}
        </Line>
      )}
      {o.state === 'active' && o.earlyRedemption && (
        <p className="earn-note" data-testid="order-early">
          {t('record.earlyNote', {
            penalty: showAmount(o.earlyRedemption.penalty),
            receive: showAmount(o.earlyRedemption.receive),
            currency: c,
          })}
        </p>
      )}
      {o.canRevoke && <p className="earn-note">{t('record.revokeUntil', { time: showTime(o.graceUntil) })}</p>}
      {(o.canRedeem || o.canRevoke) && (
        <div className="earn-actions">
          {o.canRevoke && (
            <ActionButton
              size="small"
              fill="outline"
              busy={command.busy}
              onAction={() => act('revoke')}
              testId="order-revoke"
            >
              {t('record.revoke')}
            </ActionButton>
          )}
          {o.canRedeem && (
            <ActionButton
              size="small"
              color="warning"
              fill="outline"
              busy={command.busy}
              onAction={() => act('redeem')}
              testId="order-redeem"
            >
              {t('record.redeem')}
            </ActionButton>
          )}
        </div>
      )}
      <ShareCard kind="earn" id={o.id} />
    </section>
  );
}
