import Button from 'antd-mobile/es/components/button';
import { ActionButton } from '../../../components/ActionButton.tsx';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatPrice } from '../../../lib/format/price.ts';
import { contractsQuery, positionsQuery, setStopPl } from '../api/futures.ts';
import type { TriggerSource } from '@tidemark/contract/futures';
import { checkCallbackRate, checkStopPl, estimatedPnlAt } from '../model/stop-pl.ts';
import { useLiveFutures } from '../components/useFutures.ts';
import '../../trade/components/trade.css';
import '../components/futures.css';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { showToast } from '../../../lib/feedback.ts';

/**
 * /stopPl?symbol=BTCUSDT — the stop-profit and stop-loss prices of the open position. The spec §5 rules are
 * checked as the user types (model/stop-pl.ts) and again by the server; a stop-loss beyond the estimated
 * liquidation price is allowed with a warning. An empty field clears that price.
 */
export default function StopPlPage() {
  const { t } = useTranslation('futures');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const symbol = (useSearchParams()[0].get('symbol') ?? '').toUpperCase();
  useLiveFutures({ mine: true });
  const contracts = useQuery(contractsQuery());
  const positions = useQuery(positionsQuery());
  const contract = contracts.data?.find((c) => c.symbol === symbol);
  const position = positions.data?.find((p) => p.symbol === symbol);
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  const [tpTrigger, setTpTrigger] = useState<TriggerSource>('mark');
  const [slTrigger, setSlTrigger] = useState<TriggerSource>('mark');
  const [callback, setCallback] = useState('');
  const [activation, setActivation] = useState('');
  const [trailTrigger, setTrailTrigger] = useState<TriggerSource>('mark');
  const [busy, setBusy] = useState(false);
  const [serverWarning, setServerWarning] = useState<string | null>(null);
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current || !position) return;
    loaded.current = true;
    setTp(position.takeProfitPrice ?? '');
    setSl(position.stopLossPrice ?? '');
    setTpTrigger(position.takeProfitTrigger);
    setSlTrigger(position.stopLossTrigger);
    setCallback(position.trailingStop?.callbackRate ?? '');
    setActivation(position.trailingStop?.activationPrice ?? '');
    setTrailTrigger(position.trailingStop?.trigger ?? 'mark');
  }, [position]);

  if (contracts.isLoading || positions.isLoading) return <div className="list-loading">{t('loading')}</div>;
  if (!contract || !position) return <EmptyState title={t('stopPl.noPosition')} testId="stop-pl-empty" />;
  const check = checkStopPl(contract, position, tp, sl, { takeProfit: tpTrigger, stopLoss: slTrigger });
  const callbackError = checkCallbackRate(callback);
  const invalid = check.takeProfit !== null || check.stopLoss !== null || callbackError !== null;
  const tpPnl = check.takeProfit ? null : estimatedPnlAt(contract, position, tp);
  const slPnl = check.stopLoss ? null : estimatedPnlAt(contract, position, sl);
  const trailing = position.trailingStop;
  const triggerOptions = [
    { label: t('stopPl.trigger.mark'), value: 'mark' as const },
    { label: t('stopPl.trigger.last'), value: 'last' as const },
  ];
  const triggerPicker = (value: TriggerSource, set: (v: TriggerSource) => void, testId: string) => (
    <Selector
      className="stop-pl__trigger"
      columns={2}
      value={[value]}
      onChange={(v) => v[0] && set(v[0])}
      options={triggerOptions}
      data-testid={testId}
    />
  );
  const priceField = (label: string, value: string, set: (v: string) => void, testId: string) => (
    <label className="stop-pl__field">
      <span>{label}</span>
      <Input
        className="futures-input"
        inputMode="decimal"
        value={value}
        onChange={set}
        placeholder={t('stopPl.placeholder')}
        data-testid={testId}
        clearable
      />
    </label>
  );
  const errorLine = (key: string | null, testId: string) =>
    key && (
      <p className="futures-error" role="alert" data-testid={testId}>
        {t(key)}
      </p>
    );
  const pnlLine = (value: string | null, testId: string) =>
    value !== null && (
      <p className="muted" data-testid={testId}>
        {t('stopPl.estPnl')}: <strong className={value.startsWith('-') ? 'is-down' : 'is-up'}>{value} USDT</strong>
      </p>
    );

  async function save() {
    if (invalid || busy) return;
    setBusy(true);
    try {
      const r = await setStopPl({
        symbol,
        takeProfitPrice: tp.trim() ? tp.trim() : null,
        stopLossPrice: sl.trim() ? sl.trim() : null,
        takeProfitTrigger: tpTrigger,
        stopLossTrigger: slTrigger,
        trailingCallbackRate: callback.trim() ? callback.trim() : null,
        trailingActivationPrice: callback.trim() && activation.trim() ? activation.trim() : null,
        trailingTrigger: trailTrigger,
      });
      setServerWarning(r.warning);
      showToast({ icon: 'success', content: t('stopPl.saved') });
      void refreshMoney(queryClient);
      if (!r.warning) navigate(-1);
    } catch {
      // the API client has shown the server's message
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page-body" data-testid="stop-pl-page">
      <section className="card order-item">
        <div className="order-item__head">
          <span className={position.direction === 'long' ? 'is-up' : 'is-down'}>
            {t(`direction.${position.direction}`)}
          </span>
          <strong>{position.symbol}</strong>
          <span className="position-card__tag">
            {t(`marginMode.${position.marginMode}`)} {position.leverage}×
          </span>
        </div>
        <dl className="order-item__grid">
          <dt>{t('position.openPrice')}</dt>
          <dd data-testid="stop-pl-open-price">{formatPrice(position.openPrice)}</dd>
          <dt>{t('price.mark')}</dt>
          <dd data-testid="stop-pl-mark">{formatPrice(position.markPrice)}</dd>
          <dt>{t('position.liquidation')}</dt>
          <dd data-testid="stop-pl-liquidation">{formatPrice(position.estimatedLiquidationPrice)}</dd>
          <dt>{t('position.quantity')}</dt>
          <dd>{position.quantity}</dd>
        </dl>
      </section>
      <section className="card stop-pl">
        {priceField(t('position.takeProfit'), tp, setTp, 'tp-input')}
        {triggerPicker(tpTrigger, setTpTrigger, 'tp-trigger')}
        {errorLine(check.takeProfit, 'tp-error')}
        {pnlLine(tpPnl, 'tp-est-pnl')}
        {priceField(t('position.stopLoss'), sl, setSl, 'sl-input')}
        {triggerPicker(slTrigger, setSlTrigger, 'sl-trigger')}
        {errorLine(check.stopLoss, 'sl-error')}
        {pnlLine(slPnl, 'sl-est-pnl')}
        {(check.warning || serverWarning) && (
          <p className="futures-warning" data-testid="sl-warning">
            {serverWarning ?? t(check.warning!)}
          </p>
        )}
        <h3 className="stop-pl__title">{t('stopPl.trailing.title')}</h3>
        {priceField(t('stopPl.trailing.callback'), callback, setCallback, 'trail-callback-input')}
        {errorLine(callbackError, 'trail-error')}
        {priceField(t('stopPl.trailing.activation'), activation, setActivation, 'trail-activation-input')}
        {triggerPicker(trailTrigger, setTrailTrigger, 'trail-trigger')}
        {trailing && (
          <p className="muted" data-testid="trail-state">
            {trailing.watermark === null
              ? t('stopPl.trailing.waiting')
              : t('stopPl.trailing.state', {
                  watermark: formatPrice(trailing.watermark),
                  stop: formatPrice(trailing.stopPrice),
                })}
          </p>
        )}
        <p className="muted">{t('stopPl.note')}</p>
        <div className="stop-pl__actions">
          <Button onClick={() => navigate(-1)}>{t('stopPl.back')}</Button>
          <ActionButton color="primary" disabled={invalid} busy={busy} onAction={save} testId="stop-pl-save">
            {t('stopPl.save')}
          </ActionButton>
        </div>
      </section>
    </div>
  );
}
