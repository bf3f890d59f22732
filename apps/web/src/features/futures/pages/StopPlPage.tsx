import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatPrice } from '../../../lib/format/price.ts';
import { contractsQuery, positionsQuery, setStopPl } from '../api/futures.ts';
import { checkStopPl } from '../model/stop-pl.ts';
import { useLiveFutures } from '../components/useFutures.ts';
import '../../trade/components/trade.css';
import '../components/futures.css';
import { refreshMoney } from '../../../lib/money-refresh.ts';

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
  const [busy, setBusy] = useState(false);
  const [serverWarning, setServerWarning] = useState<string | null>(null);
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current || !position) return;
    loaded.current = true;
    setTp(position.takeProfitPrice ?? '');
    setSl(position.stopLossPrice ?? '');
  }, [position]);

  if (contracts.isLoading || positions.isLoading) return <div className="list-loading">{t('loading')}</div>;
  if (!contract || !position) return <EmptyState title={t('stopPl.noPosition')} testId="stop-pl-empty" />;
  const check = checkStopPl(contract, position, tp, sl);
  const invalid = check.takeProfit !== null || check.stopLoss !== null;

  async function save() {
    if (invalid || busy) return;
    setBusy(true);
    try {
      const r = await setStopPl({
        symbol,
        takeProfitPrice: tp.trim() ? tp.trim() : null,
        stopLossPrice: sl.trim() ? sl.trim() : null,
      });
      setServerWarning(r.warning);
      Toast.show({ icon: 'success', content: t('stopPl.saved') });
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
        <label className="stop-pl__field">
          <span>{t('position.takeProfit')}</span>
          <Input
            className="futures-input"
            inputMode="decimal"
            value={tp}
            onChange={setTp}
            placeholder={t('stopPl.placeholder')}
            data-testid="tp-input"
            clearable
          />
        </label>
        {check.takeProfit && (
          <p className="futures-error" role="alert" data-testid="tp-error">
            {t(check.takeProfit)}
          </p>
        )}
        <label className="stop-pl__field">
          <span>{t('position.stopLoss')}</span>
          <Input
            className="futures-input"
            inputMode="decimal"
            value={sl}
            onChange={setSl}
            placeholder={t('stopPl.placeholder')}
            data-testid="sl-input"
            clearable
          />
        </label>
        {check.stopLoss && (
          <p className="futures-error" role="alert" data-testid="sl-error">
            {t(check.stopLoss)}
          </p>
        )}
        {(check.warning || serverWarning) && (
          <p className="futures-warning" data-testid="sl-warning">
            {serverWarning ?? t(check.warning!)}
          </p>
        )}
        <p className="muted">{t('stopPl.note')}</p>
        <div className="stop-pl__actions">
          <Button onClick={() => navigate(-1)}>{t('stopPl.back')}</Button>
          <Button
            color="primary"
            disabled={invalid}
            loading={busy}
            onClick={() => void save()}
            data-testid="stop-pl-save"
          >
            {t('stopPl.save')}
          </Button>
        </div>
      </section>
    </div>
  );
}
