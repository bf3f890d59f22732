import { ActionButton } from '../../../components/ActionButton.tsx';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { claimDemoFunds, demoFundsQuery } from '../api/wallet.ts';
import { showAmount } from '../model/amounts.ts';
import { showCommandError } from './errors.ts';
import { DemoBadge } from './DemoBadge.tsx';
import { useMoneyCommand } from '../../../lib/use-money-command.ts';

/**
 * "Get demo funds" on the deposit and assets screens. Rendered only when the server offers them
 * (simulated chain, not production): without the calls there is no card at all.
 */
export function DemoFundsCard() {
  const { t, i18n } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const status = useQuery(demoFundsQuery());
  const command = useMoneyCommand();
  if (!status.data) return null;
  const list = status.data.amounts.map((a) => `${showAmount(a.amount)} ${a.currency}`).join(' + ');
  const nextAt = status.data.nextAt;
  const time = (ms: number) =>
    new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { hour: '2-digit', minute: '2-digit' }).format(ms);

  const onClaim = async () => {
    try {
      // after an answer the next tap is a new request; after a lost answer a retry keeps the id (applied once)
      const done = await command.run({}, (requestId) => claimDemoFunds({ requestId }, { silent: true }));
      if (!done) return;
      await refreshMoney(queryClient);
      Toast.show({ icon: 'success', content: t('demoFunds.done', { list }) });
    } catch (err) {
      showCommandError(err, [], () => {});
      void status.refetch();
    }
  };

  return (
    <section className="card wal-demo-funds" data-testid="demo-funds">
      <div className="wal-demo-funds__head">
        <strong>{t('demoFunds.title')}</strong>
        <DemoBadge />
      </div>
      <p className="wal-demo-funds__text">{t('demoFunds.text', { list, minutes: status.data.intervalMinutes })}</p>
      {nextAt !== null ? (
        <p className="wal-demo-funds__next" data-testid="demo-funds-next">
          {t('demoFunds.next', { time: time(nextAt) })}
        </p>
      ) : null}
      <ActionButton
        block
        color="primary"
        fill={nextAt !== null ? 'outline' : 'solid'}
        disabled={nextAt !== null}
        busy={command.busy}
        onAction={onClaim}
        testId="get-demo-funds"
      >
        {t('demoFunds.button')}
      </ActionButton>
    </section>
  );
}
