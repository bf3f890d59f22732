import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import Slider from 'antd-mobile/es/components/slider';
import Toast from 'antd-mobile/es/components/toast';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type Dispatch } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import type { OrderSide } from '@tidemark/contract';
import { formatPrice } from '../../../lib/format/price.ts';
import { useSignedIn } from '../../../lib/session.ts';
import { placeOrder } from '../api/trade.ts';
import { newClientOrderId } from '../model/client-order-id.ts';
import { ticketErrors } from '../model/errors.ts';
import { amountForPercent, summarize } from '../model/summary.ts';
import { PERCENT_STEPS, type TicketAction, type TicketContext, type TicketState } from '../model/ticket.ts';
import { refreshMoney } from '../../../lib/money-refresh.ts';

/**
 * The order ticket: buy/sell, limit/market, price, amount with the 25/50/75/100 % slider, the
 * available balance, the summary and the error list from the pure model. A submission gets one
 * clientOrderId; the API client's "reload" retry resends the same body, so it cannot double-place.
 */
export function OrderTicket(props: { state: TicketState; dispatch: Dispatch<TicketAction>; ctx: TicketContext }) {
  const { t } = useTranslation('trade');
  const { state: s, dispatch, ctx } = props;
  const m = ctx.market;
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const errors = ticketErrors(s, ctx);
  const summary = summarize(s, ctx);
  const shown = touched ? errors : errors.filter((e) => e.field === 'price' && s.price !== '');
  const amountUnit = s.type === 'market' && s.side === 'buy' ? m.quote : m.base;
  const submitting = useRef(false);

  async function submit() {
    setTouched(true);
    if (errors.length || !summary.order || submitting.current) return;
    submitting.current = true;
    setBusy(true);
    const clientOrderId = newClientOrderId(); // once per submission
    try {
      const order = await placeOrder({ ...summary.order, clientOrderId });
      dispatch({ type: 'submitted' });
      setTouched(false);
      Toast.show({
        icon: 'success',
        content: t(order.status === 'filled' ? 'ticket.filled' : 'ticket.placed'),
      });
    } catch {
      // the API client has shown the server's message
    } finally {
      submitting.current = false;
      setBusy(false);
      void refreshMoney(queryClient);
    }
  }

  const sideButton = (side: OrderSide) => (
    <button
      type="button"
      className={`ticket__side ticket__side--${side}` + (s.side === side ? ' is-active' : '')}
      aria-pressed={s.side === side}
      data-testid={`ticket-${side}`}
      onClick={() => dispatch({ type: 'side', side })}
    >
      {t(`side.${side}`)}
    </button>
  );

  return (
    <div className="ticket" data-testid="order-ticket">
      <div className="ticket__sides">
        {sideButton('buy')}
        {sideButton('sell')}
      </div>
      <Selector
        className="ticket__types"
        columns={2}
        value={[s.type]}
        onChange={(v) => v[0] && dispatch({ type: 'orderType', orderType: v[0] })}
        options={[
          { label: t('type.limit'), value: 'limit' as const },
          { label: t('type.market'), value: 'market' as const },
        ]}
        data-testid="ticket-type"
      />
      {s.type === 'limit' ? (
        <label className="ticket__field">
          <span>{t('ticket.price', { quote: m.quote })}</span>
          <Input
            inputMode="decimal"
            value={s.price}
            onChange={(v) => dispatch({ type: 'price', value: v })}
            placeholder={t('ticket.price', { quote: m.quote })}
            data-testid="ticket-price"
          />
        </label>
      ) : (
        <div className="ticket__field ticket__field--market">{t('ticket.marketPrice')}</div>
      )}
      <label className="ticket__field">
        <span>
          {t(s.type === 'market' && s.side === 'buy' ? 'ticket.spend' : 'ticket.amount', { unit: amountUnit })}
        </span>
        <Input
          inputMode="decimal"
          value={s.amount}
          onChange={(v) => dispatch({ type: 'amount', value: v })}
          placeholder={amountUnit}
          data-testid="ticket-amount"
        />
      </label>
      <Slider
        className="ticket__slider"
        step={25}
        ticks
        marks={Object.fromEntries(PERCENT_STEPS.map((p) => [p, `${p}%`]))}
        value={s.percent ?? 0}
        onChange={(v) => {
          const pct = Array.isArray(v) ? v[0]! : v;
          dispatch({ type: 'percent', percent: pct, amount: pct ? amountForPercent(s, ctx, pct) : '' });
        }}
      />
      <dl className="ticket__summary" data-testid="ticket-summary">
        <dt>{t('ticket.available')}</dt>
        <dd data-testid="ticket-available">
          {s.side === 'buy' ? ctx.quoteAvailable : ctx.baseAvailable} {s.side === 'buy' ? m.quote : m.base}
        </dd>
        {s.type === 'market' && s.side === 'buy' ? (
          <>
            <dt>{t('ticket.estQuantity')}</dt>
            <dd>{summary.quantity ? `≈ ${summary.quantity} ${m.base}` : '--'}</dd>
          </>
        ) : (
          <>
            <dt>{t(summary.estimated ? 'ticket.estTotal' : 'ticket.total')}</dt>
            <dd data-testid="ticket-total">
              {summary.total ? `${summary.estimated ? '≈ ' : ''}${formatPrice(summary.total)} ${m.quote}` : '--'}
            </dd>
          </>
        )}
        <dt>{t('ticket.maxFee', { rate: pct(m.takerFee) })}</dt>
        <dd>{summary.maxFee ? `${summary.maxFee} ${summary.feeCurrency}` : '--'}</dd>
        <dt>{t('ticket.freeze')}</dt>
        <dd>{summary.freeze ? `${summary.freeze} ${summary.freezeCurrency}` : '--'}</dd>
      </dl>
      {shown.length > 0 && (
        <ul className="ticket__errors" data-testid="ticket-errors" role="alert">
          {shown.map((e) => (
            <li key={e.key}>{t(e.key, e.params ?? {})}</li>
          ))}
        </ul>
      )}
      {signedIn ? (
        <Button
          block
          loading={busy}
          className={s.side === 'buy' ? 'btn-buy' : 'btn-sell'}
          onClick={() => void submit()}
          data-testid="ticket-submit"
        >
          {t(s.side === 'buy' ? 'ticket.buy' : 'ticket.sell', { base: m.base })}
        </Button>
      ) : (
        <Button block color="primary" onClick={() => navigate('/login')} data-testid="ticket-login">
          {t('ticket.login')}
        </Button>
      )}
    </div>
  );
}

/** "0.001" → "0.1" (a rate shown as a percent, by moving the decimal point: no float). */
function pct(rate: string): string {
  const [i = '0', f = ''] = rate.split('.');
  const padded = f.padEnd(2, '0');
  const intPart = (i + padded.slice(0, 2)).replace(/^0+(?=\d)/, '');
  const rest = padded.slice(2).replace(/0+$/, '');
  return rest ? `${intPart}.${rest}` : intPart;
}
