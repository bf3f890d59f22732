import Button from 'antd-mobile/es/components/button';
import { ActionButton } from '../../../components/ActionButton.tsx';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import Slider from 'antd-mobile/es/components/slider';
import Switch from 'antd-mobile/es/components/switch';
import Toast from 'antd-mobile/es/components/toast';
import { useQueryClient } from '@tanstack/react-query';
import type {
  FuturesAccount,
  FuturesContract,
  FuturesPosition,
  MarginMode,
  PositionSide,
} from '@tidemark/contract/futures';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { formatPrice } from '../../../lib/format/price.ts';
import { newClientOrderId } from '../../trade/model/client-order-id.ts';
import { placeFuturesOrder, setLeverage, setMarginMode } from '../api/futures.ts';
import { previewOrder, type PreviewError } from '../model/preview.ts';
import { reducibleBy } from '../model/reduce-only.ts';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { formatDateTime } from '../../referral/model/dates.ts'; // referral feature: dates in the reader's language
import {
  bracketRequest,
  checkOrderBracket,
  EMPTY_BRACKET,
  type OrderBracketDraft,
  type OrderBracketFields,
} from '../model/order-bracket.ts';
import { confirmDialog } from '../../../lib/feedback.ts';

// the TP/SL fields load when the user turns TP/SL on: the ticket's first load does not carry them
const TicketTpSl = lazy(() => import('./TicketTpSl.tsx'));

/** The server's default for a contract the user never configured, when the account does not say it (signed out). */
const DEFAULT_LEVERAGE = 5;

/**
 * The futures order ticket: long / short, cross / isolated, the leverage slider (bounded by the bracket of
 * the resulting position), limit / market, price, quantity, and — before anything is sent — the cost
 * (initial margin + fee) and the estimated liquidation price (model/preview.ts, the server's formulas),
 * repeated in the confirmation dialog. Leverage and margin mode are settings of the contract on the server.
 * Reduce-only (only against an open position on the other side) never opens or increases a position.
 * A TP/SL may go with an opening order (model/order-bracket.ts): its estimated P&L is shown before confirming,
 * and the server writes it into the position when the order fills. The leverage stops at the young-account
 * cap when one applies (responsible trading), with the reason beside it.
 */
export function FuturesTicket(props: {
  contract: FuturesContract;
  contracts: FuturesContract[];
  account: FuturesAccount | undefined;
  positions: FuturesPosition[];
  signedIn: boolean;
  /** A price tapped in the book (a new object each tap): the ticket becomes a limit order at it. */
  picked?: { price: string } | null;
}) {
  const { t, i18n } = useTranslation('futures');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const c = props.contract;
  const setting = props.account?.settings.find((s) => s.symbol === c.symbol);
  const serverLeverage =
    setting?.leverage ?? Math.min(props.account?.defaultLeverage ?? DEFAULT_LEVERAGE, c.maxLeverage);
  const serverMode: MarginMode = setting?.marginMode ?? 'cross';
  const [direction, setDirection] = useState<PositionSide>('long');
  const [orderType, setOrderType] = useState<'limit' | 'market'>('market');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  // the slider's value while the user moves it; the server's setting otherwise
  const [chosenLeverage, setLeverageState] = useState<number | null>(null);
  const leverage = chosenLeverage ?? serverLeverage;
  const [reduceOnlyChosen, setReduceOnly] = useState(false);
  // the switch only means something against an opposite position; it stays off (disabled) without one
  const reducible = reducibleBy(props.positions, c.symbol, direction);
  const reduceOnly = reduceOnlyChosen && reducible !== null;
  const [tpslOn, setTpslOn] = useState(false);
  const [bracket, setBracket] = useState<OrderBracketDraft>(EMPTY_BRACKET);
  // a reduce-only order carries no TP/SL (the server refuses it): the position has its own
  const withBracket = tpslOn && !reduceOnly;
  const bracketCheck = withBracket
    ? checkOrderBracket(c, { direction, type: orderType, price, quantity }, bracket)
    : null;
  const bracketInvalid = bracketCheck !== null && (bracketCheck.takeProfit !== null || bracketCheck.stopLoss !== null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);

  // a limit price starts at the mark — unless the user typed one before the mark arrived
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !c.markPrice) return;
    seeded.current = true;
    const mark = c.markPrice;
    setPrice((typed) => (typed === '' ? mark : typed));
  }, [c.markPrice]);
  // a tapped book price, taken while rendering (React's pattern for adjusting state when a prop changes)
  const [seenPick, setSeenPick] = useState(props.picked);
  if (props.picked !== seenPick) {
    setSeenPick(props.picked);
    if (props.picked) {
      setOrderType('limit');
      setPrice(props.picked.price);
    }
  }

  const { preview, errors } = previewOrder({
    contract: c,
    direction,
    orderType,
    price,
    quantity,
    leverage,
    marginMode: serverMode,
    account: props.account,
    positions: props.positions,
    contracts: props.contracts,
    reduceOnly,
  });
  const shown: PreviewError[] = touched ? errors : errors.filter((e) => e === 'priceTick' || e === 'leverageTooHigh');
  const refresh = () => void refreshMoney(queryClient);
  // no price liquidates a long whose margin (cross: the wallet) covers its whole value: say so, not "--"
  const liquidationText = (v: string | null) => (v === null ? t('liq.none') : formatPrice(v));

  async function changeMode(mode: MarginMode) {
    if (mode === serverMode) return;
    try {
      await setMarginMode(c.symbol, mode);
    } catch {
      // the API client has shown why (e.g. a position or open orders exist)
    } finally {
      refresh();
    }
  }

  async function commitLeverage(value: number) {
    if (!props.signedIn || value === serverLeverage) return;
    try {
      await setLeverage(c.symbol, value);
    } catch {
      setLeverageState(null); // back to the server's setting
      return;
    }
    await refreshMoney(queryClient);
    setLeverageState(null);
  }

  async function submit() {
    setTouched(true);
    if (errors.length || bracketInvalid || !preview || submitting.current) return;
    const sentBracket: OrderBracketFields = withBracket ? bracketRequest(bracket) : {};
    submitting.current = true;
    try {
      const confirmed = await confirmDialog({
        title: reduceOnly
          ? t(`ticket.reduceTitle.${direction}`, { symbol: c.symbol })
          : t(`ticket.confirmTitle.${direction}`, { symbol: c.symbol }),
        content: (
          <dl className="futures-confirm" data-testid="order-confirm">
            <dt>{t('ticket.type')}</dt>
            <dd>{t(`type.${orderType}`)}</dd>
            <dt>{t('ticket.price')}</dt>
            <dd>{orderType === 'market' ? t('ticket.marketPrice') : formatPrice(price)}</dd>
            <dt>{t('ticket.quantity', { base: c.base })}</dt>
            <dd>{quantity}</dd>
            <dt>{t('ticket.leverage')}</dt>
            <dd>
              {t(`marginMode.${serverMode}`)} {leverage}×
            </dd>
            {reduceOnly && (
              <>
                <dt>{t('ticket.reduceOnly')}</dt>
                <dd data-testid="confirm-reduce-only">{t('ticket.reduceOnlyOn')}</dd>
              </>
            )}
            <dt>{t('ticket.cost')}</dt>
            <dd data-testid="confirm-cost">
              {preview.estimated ? '≈ ' : ''}
              {preview.cost} USDT
            </dd>
            <dt>{t('ticket.liquidation')}</dt>
            <dd data-testid="confirm-liquidation">
              {preview.estimated && preview.estimatedLiquidationPrice ? '≈ ' : ''}
              {liquidationText(preview.estimatedLiquidationPrice)}
            </dd>
            {sentBracket.takeProfitPrice && (
              <>
                <dt>{t('position.takeProfit')}</dt>
                <dd data-testid="confirm-tp">
                  {t('ticket.bracket.confirmLine', {
                    price: formatPrice(sentBracket.takeProfitPrice),
                    trigger: t(`stopPl.trigger.${sentBracket.takeProfitTrigger}`),
                    pnl: bracketCheck?.takeProfitPnl ?? '--',
                  })}
                </dd>
              </>
            )}
            {sentBracket.stopLossPrice && (
              <>
                <dt>{t('position.stopLoss')}</dt>
                <dd data-testid="confirm-sl">
                  {t('ticket.bracket.confirmLine', {
                    price: formatPrice(sentBracket.stopLossPrice),
                    trigger: t(`stopPl.trigger.${sentBracket.stopLossTrigger}`),
                    pnl: bracketCheck?.stopLossPnl ?? '--',
                  })}
                </dd>
              </>
            )}
          </dl>
        ),
        confirmText: t('ticket.confirm'),
        cancelText: t('close.keep'),
      });
      if (!confirmed) return;
      setBusy(true);
      if (leverage !== serverLeverage) await setLeverage(c.symbol, leverage);
      const order = await placeFuturesOrder({
        clientOrderId: newClientOrderId(),
        symbol: c.symbol,
        side: direction === 'long' ? 'buy' : 'sell',
        type: orderType,
        ...(orderType === 'limit' ? { price } : {}),
        quantity,
        reduceOnly,
        ...sentBracket,
      });
      setQuantity('');
      setBracket(EMPTY_BRACKET);
      setTouched(false);
      Toast.show({ icon: 'success', content: t(order.status === 'filled' ? 'ticket.filled' : 'ticket.placed') });
    } catch {
      // the API client has shown the server's message
    } finally {
      submitting.current = false;
      setBusy(false);
      refresh();
    }
  }

  const dirButton = (d: PositionSide) => (
    <button
      type="button"
      className={`ticket__side ticket__side--${d === 'long' ? 'buy' : 'sell'}` + (direction === d ? ' is-active' : '')}
      aria-pressed={direction === d}
      data-testid={`futures-${d}`}
      onClick={() => setDirection(d)}
    >
      {t(`direction.open.${d}`)}
    </button>
  );

  const cap = props.account?.leverageCap ?? null;
  const maxLeverage = cap ? Math.min(c.maxLeverage, cap.cap) : c.maxLeverage;
  return (
    <div className="ticket futures-ticket" data-testid="futures-ticket">
      <div className="ticket__sides">
        {dirButton('long')}
        {dirButton('short')}
      </div>
      <Selector
        className="ticket__types"
        columns={2}
        value={[serverMode]}
        onChange={(v) => v[0] && void changeMode(v[0])}
        disabled={!props.signedIn}
        options={[
          { label: t('marginMode.cross'), value: 'cross' as const },
          { label: t('marginMode.isolated'), value: 'isolated' as const },
        ]}
        data-testid="margin-mode"
      />
      <div className="futures-leverage">
        <span>{t('ticket.leverage')}</span>
        <strong data-testid="leverage-value">{leverage}×</strong>
        <span className="muted">
          {t('ticket.maxAtSize', { max: Math.min(preview?.maxLeverage ?? maxLeverage, maxLeverage) })}
        </span>
      </div>
      <Slider
        className="ticket__slider"
        min={1}
        max={maxLeverage}
        step={1}
        value={leverage}
        marks={{ 1: '1×', [maxLeverage]: `${maxLeverage}×` }}
        onChange={(v) => setLeverageState(Array.isArray(v) ? v[0]! : v)}
        onAfterChange={(v) => void commitLeverage(Array.isArray(v) ? v[0]! : v)}
        data-testid="leverage-slider"
      />
      {cap && cap.cap < c.maxLeverage && (
        <p className="muted" data-testid="leverage-cap">
          {t('ticket.leverageCapped', {
            cap: cap.cap,
            days: cap.days,
            until: formatDateTime(cap.until, i18n.language),
          })}
        </p>
      )}
      <div className="futures-leverage__quick">
        {[1, 5, 10, 20, 50]
          .filter((x) => x <= maxLeverage)
          .map((x) => (
            <button
              key={x}
              type="button"
              className={x === leverage ? 'is-active' : ''}
              onClick={() => {
                setLeverageState(x);
                void commitLeverage(x);
              }}
              data-testid={`leverage-${x}`}
            >
              {x}×
            </button>
          ))}
      </div>
      <Selector
        className="ticket__types"
        columns={2}
        value={[orderType]}
        onChange={(v) => v[0] && setOrderType(v[0])}
        options={[
          { label: t('type.limit'), value: 'limit' as const },
          { label: t('type.market'), value: 'market' as const },
        ]}
        data-testid="futures-order-type"
      />
      {orderType === 'limit' ? (
        <label className="ticket__field">
          <span>{t('ticket.price')}</span>
          <Input inputMode="decimal" value={price} onChange={setPrice} placeholder="USDT" data-testid="futures-price" />
        </label>
      ) : (
        <div className="ticket__field ticket__field--market">{t('ticket.marketPrice')}</div>
      )}
      <label className="ticket__field">
        <span>{t('ticket.quantity', { base: c.base })}</span>
        <Input
          inputMode="decimal"
          value={quantity}
          onChange={setQuantity}
          placeholder={c.base}
          data-testid="futures-quantity"
        />
      </label>
      {props.signedIn && (
        <div>
          <div className="futures-reduce-only">
            <span>{t('ticket.reduceOnly')}</span>
            <Switch
              checked={reduceOnly}
              disabled={reducible === null}
              onChange={setReduceOnly}
              aria-label={t('ticket.reduceOnly')}
              data-testid="reduce-only"
            />
          </div>
          <p className="muted futures-reduce-only__help" data-testid="reduce-only-help">
            {reducible
              ? t('ticket.reduceOnlyHelp', { position: t(`direction.${reducible.direction}`) })
              : t('ticket.reduceOnlyUnavailable', {
                  position: t(`direction.${direction === 'long' ? 'short' : 'long'}`),
                })}
          </p>
        </div>
      )}
      {props.signedIn && !reduceOnly && (
        <div className="futures-reduce-only">
          <span>{t('ticket.bracket.title')}</span>
          <Switch
            checked={tpslOn}
            onChange={setTpslOn}
            aria-label={t('ticket.bracket.title')}
            data-testid="ticket-tpsl-on"
          />
        </div>
      )}
      {withBracket && bracketCheck && (
        <Suspense fallback={null}>
          <TicketTpSl value={bracket} onChange={setBracket} check={bracketCheck} />
        </Suspense>
      )}
      <dl className="ticket__summary" data-testid="futures-summary">
        <dt>{t('ticket.available')}</dt>
        <dd data-testid="futures-available">{props.account ? `${props.account.available} USDT` : '--'}</dd>
        <dt>{t('ticket.margin')}</dt>
        <dd data-testid="futures-margin">
          {preview ? `${preview.estimated ? '≈ ' : ''}${preview.initialMargin}` : '--'}
        </dd>
        <dt>{t('ticket.fee')}</dt>
        <dd data-testid="futures-fee">{preview ? `${preview.estimated ? '≈ ' : ''}${preview.fee}` : '--'}</dd>
        <dt>{t('ticket.cost')}</dt>
        <dd data-testid="futures-cost">{preview ? `${preview.estimated ? '≈ ' : ''}${preview.cost} USDT` : '--'}</dd>
        <dt>{t('ticket.liquidation')}</dt>
        <dd data-testid="futures-liquidation">
          {preview?.estimated && preview.estimatedLiquidationPrice ? '≈ ' : ''}
          {preview ? liquidationText(preview.estimatedLiquidationPrice) : '--'}
        </dd>
      </dl>
      {shown.length > 0 && (
        <ul className="ticket__errors" data-testid="futures-errors" role="alert">
          {shown.map((e) => (
            <li key={e}>
              {t(`ticket.error.${e}`, {
                tick: c.tickSize,
                step: c.stepSize,
                min: c.minNotional,
                max: preview?.maxLeverage ?? maxLeverage,
                closable: reducible?.closableQuantity ?? '0',
              })}
            </li>
          ))}
        </ul>
      )}
      {props.signedIn ? (
        <ActionButton
          block
          busy={busy}
          className={direction === 'long' ? 'btn-buy' : 'btn-sell'}
          onAction={submit}
          testId="futures-submit"
        >
          {reduceOnly ? t(`direction.reduce.${direction}`) : t(`direction.open.${direction}`)}
        </ActionButton>
      ) : (
        <Button block color="primary" onClick={() => navigate('/login')} data-testid="futures-login">
          {t('ticket.login')}
        </Button>
      )}
    </div>
  );
}
