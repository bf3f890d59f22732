import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import type { TriggerSource } from '@tidemark/contract/futures';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { OrderBracketCheck, OrderBracketDraft } from '../model/order-bracket.ts';

/**
 * The take-profit / stop-loss fields of the order ticket, loaded only when the user turns "TP/SL" on (the
 * ticket's first load stays as it was). Each price with the price it watches and, once valid, the estimated
 * P&L of closing the order there; the ticket holds the values and the check (model/order-bracket.ts).
 */
export default function TicketTpSl(props: {
  value: OrderBracketDraft;
  onChange: (next: OrderBracketDraft) => void;
  check: OrderBracketCheck;
}) {
  const { t } = useTranslation('futures');
  const { value, check } = props;
  const set = (patch: Partial<OrderBracketDraft>) => props.onChange({ ...value, ...patch });
  const triggerPicker = (v: TriggerSource, onPick: (x: TriggerSource) => void, testId: string) => (
    <Selector
      className="stop-pl__trigger"
      columns={2}
      value={[v]}
      onChange={(x) => x[0] && onPick(x[0])}
      options={[
        { label: t('stopPl.trigger.mark'), value: 'mark' as const },
        { label: t('stopPl.trigger.last'), value: 'last' as const },
      ]}
      data-testid={testId}
    />
  );
  const line = (error: OrderBracketCheck['takeProfit'], pnl: string | null, testId: string) =>
    error ? (
      <p className="futures-error" role="alert" data-testid={`${testId}-error`}>
        {t(error.key, { price: error.price })}
      </p>
    ) : (
      pnl !== null && (
        <p className="muted" data-testid={`${testId}-est-pnl`}>
          {t('stopPl.estPnl')}: <strong className={pnl.startsWith('-') ? 'is-down' : 'is-up'}>{pnl} USDT</strong>
        </p>
      )
    );
  return (
    <div className="ticket-tpsl" data-testid="ticket-tpsl">
      <label className="ticket__field">
        <span>{t('position.takeProfit')}</span>
        <Input
          inputMode="decimal"
          value={value.takeProfit}
          onChange={(v) => set({ takeProfit: v })}
          placeholder={t('stopPl.placeholder')}
          data-testid="ticket-tp"
        />
      </label>
      {triggerPicker(value.takeProfitTrigger, (x) => set({ takeProfitTrigger: x }), 'ticket-tp-trigger')}
      {line(check.takeProfit, check.takeProfitPnl, 'ticket-tp')}
      <label className="ticket__field">
        <span>{t('position.stopLoss')}</span>
        <Input
          inputMode="decimal"
          value={value.stopLoss}
          onChange={(v) => set({ stopLoss: v })}
          placeholder={t('stopPl.placeholder')}
          data-testid="ticket-sl"
        />
      </label>
      {triggerPicker(value.stopLossTrigger, (x) => set({ stopLossTrigger: x }), 'ticket-sl-trigger')}
      {line(check.stopLoss, check.stopLossPnl, 'ticket-sl')}
      <p className="muted">{t('ticket.bracket.help')}</p>
    </div>
  );
}
