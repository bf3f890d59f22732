import Button from 'antd-mobile/es/components/button';
import { ActionButton } from '../../../components/ActionButton.tsx';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import Slider from 'antd-mobile/es/components/slider';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type Dispatch } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import type { OrderSide } from '@tidemark/contract';
import { formatPrice } from '../../../lib/format/price.ts';
import { useSignedIn } from '../../../lib/session.ts';
import { placeOrder, placeStop } from '../api/trade.ts';
import { newClientOrderId } from '../model/client-order-id.ts';
import { ticketErrors } from '../model/errors.ts';
import { amountForPercent, summarize } from '../model/summary.ts';
import { isStopType, spendsQuote, stopErrors, summarizeStop } from '../model/stop-ticket.ts';
import {
  PERCENT_STEPS,
  TICKET_TYPES,
  type TicketAction,
  type TicketContext,
  type TicketState,
} from '../model/ticket.ts';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';

/**
 * The order ticket: buy/sell, limit / market / stop-limit / stop-market / OCO, the prices each needs, amount with the
 * 25/50/75/100 % slider, the available balance, the summary and the error list from the pure model; a stop order
 * is summed up in words and confirmed before it is sent. A submission gets one clientOrderId; the API client's
 * "reload" retry resends the same body, so it cannot double-place.
 */
export function OrderTicket(props: {
  state: TicketState;
  dispatch: Dispatch<TicketAction>;
  ctx: TicketContext;
  /** the market's last trade price: what stops trigger on */
  last: string | null;
}) {
  const { t } = useTranslation('trade');
  const { state: s, dispatch, ctx } = props;
  const stopType = isStopType(s.type);
  const m = ctx.market;
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const errors = stopType ? stopErrors(s, ctx, props.last) : ticketErrors(s, ctx);
  const summary = summarize(s, ctx);
  const stopSummary = summarizeStop(s, ctx);
  const shown = touched ? errors : errors.filter((e) => e.field === 'price' && s.price !== '');
  const spends = (s.type === 'market' && s.side === 'buy') || spendsQuote(s);
  const amountUnit = spends ? m.quote : m.base;
  const withPrice = s.type === 'limit' || s.type === 'stop_limit' || s.type === 'oco';
  const submitting = useRef(false);

  async function submitStop() {
    const request = stopSummary.request;
    if (errors.length || !request || submitting.current) return;
    submitting.current = true;
    try {
      const lines = describeStop(s, m, stopSummary.freeze, stopSummary.freezeCurrency, (k, v) => t(k, v ?? {}));
      const ok = await confirmDialog({
        title: t('ticket.confirmTitle'),
        content: (
          <div data-testid="stop-confirm">
            {lines.map((l) => (
              <p key={l}>{l}</p>
            ))}
          </div>
        ),
        confirmText: t('ticket.confirm'),
        cancelText: t('ticket.back'),
      });
      if (!ok) return;
      setBusy(true);
      const clientOrderId = newClientOrderId(); // once per submission
      await placeStop({ ...request, clientOrderId });
      dispatch({ type: 'submitted' });
      setTouched(false);
      showToast({ icon: 'success', content: t('ticket.stopPlaced') });
    } catch {
      // the API client has shown the server's message
    } finally {
      submitting.current = false;
      setBusy(false);
      void refreshMoney(queryClient);
    }
  }

  async function submit() {
    setTouched(true);
    if (stopType) return submitStop();
    if (errors.length || !summary.order || submitting.current) return;
    submitting.current = true;
    setBusy(true);
    const clientOrderId = newClientOrderId(); // once per submission
    try {
      const order = await placeOrder({ ...summary.order, clientOrderId });
      dispatch({ type: 'submitted' });
      setTouched(false);
      showToast({
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
        columns={3}
        value={[s.type]}
        onChange={(v) => v[0] && dispatch({ type: 'orderType', orderType: v[0] })}
        options={TICKET_TYPES.map((x) => ({ label: t(`type.${x}`), value: x }))}
        data-testid="ticket-type"
      />
      {stopType && (
        <label className="ticket__field">
          <span>{t('ticket.stopPrice', { quote: m.quote })}</span>
          <Input
            inputMode="decimal"
            value={s.stopPrice}
            onChange={(v) => dispatch({ type: 'stopPrice', value: v })}
            placeholder={props.last ? t('ticket.lastPrice', { last: formatPrice(props.last) }) : ''}
            data-testid="ticket-stop-price"
          />
        </label>
      )}
      {withPrice ? (
        <label className="ticket__field">
          <span>{t(s.type === 'limit' ? 'ticket.price' : 'ticket.limitPrice', { quote: m.quote })}</span>
          <Input
            inputMode="decimal"
            value={s.price}
            onChange={(v) => dispatch({ type: 'price', value: v })}
            placeholder={t('ticket.price', { quote: m.quote })}
            data-testid="ticket-price"
          />
        </label>
      ) : (
        <div className="ticket__field ticket__field--market">
          {t(stopType ? 'ticket.marketWhenTriggered' : 'ticket.marketPrice')}
        </div>
      )}
      {s.type === 'oco' && (
        <label className="ticket__field">
          <span>{t('ticket.stopLimitPrice', { quote: m.quote })}</span>
          <Input
            inputMode="decimal"
            value={s.stopLimitPrice}
            onChange={(v) => dispatch({ type: 'stopLimitPrice', value: v })}
            placeholder={s.side === 'sell' ? t('ticket.stopLimitOptional') : ''}
            data-testid="ticket-stop-limit-price"
          />
        </label>
      )}
      <label className="ticket__field">
        <span>{t(spends ? 'ticket.spend' : 'ticket.amount', { unit: amountUnit })}</span>
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
          // a stop's amount is worked out like the order it places: a stop-market buy spends USDT, the rest at a price
          const like = { ...s, type: spends ? ('market' as const) : s.type === 'market' ? s.type : ('limit' as const) };
          dispatch({ type: 'percent', percent: pct, amount: pct ? amountForPercent(like, ctx, pct) : '' });
        }}
      />
      <dl className="ticket__summary" data-testid="ticket-summary">
        <dt>{t('ticket.available')}</dt>
        <dd data-testid="ticket-available">
          {(s.side === 'buy' ? ctx.quoteAvailable : ctx.baseAvailable) ?? '--'} {s.side === 'buy' ? m.quote : m.base}
        </dd>
        {stopType ? (
          <>
            <dt>{t('ticket.last')}</dt>
            <dd data-testid="ticket-last">{props.last ? formatPrice(props.last) : '--'}</dd>
          </>
        ) : s.type === 'market' && s.side === 'buy' ? (
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
        {!stopType && (
          <>
            <dt>{t('ticket.maxFee', { rate: pct(m.takerFee) })}</dt>
            <dd>{summary.maxFee ? `${summary.maxFee} ${summary.feeCurrency}` : '--'}</dd>
          </>
        )}
        <dt>{t('ticket.freeze')}</dt>
        <dd data-testid="ticket-freeze">
          {stopType
            ? stopSummary.freeze
              ? `${stopSummary.freeze} ${stopSummary.freezeCurrency}`
              : '--'
            : summary.freeze
              ? `${summary.freeze} ${summary.freezeCurrency}`
              : '--'}
        </dd>
      </dl>
      {shown.length > 0 && (
        <ul className="ticket__errors" data-testid="ticket-errors" role="alert">
          {shown.map((e) => (
            <li key={e.key}>{t(e.key, e.params ?? {})}</li>
          ))}
        </ul>
      )}
      {signedIn ? (
        <ActionButton
          block
          busy={busy}
          className={s.side === 'buy' ? 'btn-buy' : 'btn-sell'}
          onAction={submit}
          testId="ticket-submit"
        >
          {t(s.side === 'buy' ? 'ticket.buy' : 'ticket.sell', { base: m.base })}
        </ActionButton>
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

/** The stop order in words, for the confirmation: what fires it, what it places, what it reserves now. */
function describeStop(
  s: TicketState,
  m: TicketContext['market'],
  freeze: string | null,
  freezeCurrency: string,
  t: (key: string, params?: Record<string, string>) => string,
): string[] {
  const p = (v: string) => formatPrice(v);
  const base = { base: m.base, quote: m.quote, qty: s.amount, spend: s.amount, stop: p(s.stopPrice) };
  const stopLeg = (limit: string) =>
    limit
      ? t(s.side === 'buy' ? 'stopSummary.buyLimit' : 'stopSummary.sellLimit', { ...base, price: p(limit) })
      : t(s.side === 'buy' ? 'stopSummary.buyMarket' : 'stopSummary.sellMarket', base);
  const lines =
    s.type === 'oco'
      ? [
          t(s.side === 'buy' ? 'stopSummary.ocoBuy' : 'stopSummary.ocoSell', { ...base, price: p(s.price) }),
          stopLeg(s.stopLimitPrice),
          t('stopSummary.ocoRule'),
        ]
      : [stopLeg(s.type === 'stop_limit' ? s.price : '')];
  if (freeze) lines.push(t('stopSummary.reserved', { amount: freeze, currency: freezeCurrency }));
  return lines;
}
