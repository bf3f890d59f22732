import { useMemo, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api.ts';
import { showToast } from '../../../lib/feedback.ts';
import { formatPrice } from '../../../lib/format/price.ts';
import { useSignedIn } from '../../../lib/session.ts';
import { useIntoQuery, useMyBalances } from '../../../lib/realtime/hooks.ts';
import {
  buyContract,
  cycleKeys,
  productsQuery,
  requestQuote,
  spotUsdtQuery,
  ticksQuery,
  type Contract,
  type Direction,
  type Products,
  type Quote,
} from '../api/cycle.ts';
import { DemoBadge } from '../components/badges.tsx';
import { ConfirmSheet, percent } from '../components/ConfirmSheet.tsx';
import { CountdownSheet } from '../components/CountdownSheet.tsx';
import { PriceChart } from '../components/PriceChart.tsx';
import { useOnceCommand } from '../components/useBuy.ts';
import { previewReturn, stakeProblem } from '../model/stake.ts';
import { afterRefusal } from '../model/terms.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import '../components/cycle.css';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { RiskBanner } from '../../responsible/components/RiskBanner.tsx'; // responsible feature: risk warning

/**
 * /cycle: fixed-period up/down contracts. Pick an instrument (crypto or commodity), watch its index
 * price, pick a period (payout, break-even win rate beside it), enter the amount, buy up or down,
 * confirm the ticket, then watch the countdown end in the result.
 */
export default function CyclePage() {
  const products = useQuery(productsQuery());
  if (!products.data) return <LoadState of={[products]} />;
  return <CycleTicket products={products.data} />;
}

function CycleTicket(props: { products: Products }) {
  const { t } = useTranslation('cycle');
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { instruments, demo, countryBlocked } = props.products;
  const [symbol, setSymbol] = useState(instruments[0]?.instrument ?? 'BTCUSDT');
  const inst = instruments.find((i) => i.instrument === symbol) ?? instruments[0];
  const periods = inst?.periods ?? [];
  const [period, setPeriod] = useState<number>(
    periods.find((p) => p.period === 60)?.period ?? periods[0]?.period ?? 60,
  );
  const terms = periods.find((p) => p.period === period) ?? periods[0];
  const [stake, setStake] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  /** The quote on the ticket replaced one whose terms changed before the purchase. */
  const [termsChanged, setTermsChanged] = useState(false);
  const [bought, setBought] = useState<(Contract & { now: number }) | null>(null);
  const ticks = useQuery(ticksQuery(symbol));
  const balance = useQuery({ ...spotUsdtQuery(), enabled: signedIn });
  // the stake is paid from spot USDT: the balances channel keeps it current (a purchase, a payout, a transfer)
  useIntoQuery(
    spotUsdtQuery().queryKey,
    useMyBalances(),
    (old: string | undefined, list) => list.find((b) => b.wallet === 'spot' && b.currency === 'USDT')?.available ?? old,
  );
  const command = useOnceCommand();
  const last = ticks.data?.ticks.at(-1);

  const groups = useMemo(
    () => [
      { kind: 'crypto' as const, list: instruments.filter((i) => i.kind === 'crypto') },
      { kind: 'commodity' as const, list: instruments.filter((i) => i.kind === 'commodity') },
    ],
    [instruments],
  );

  const open = async (direction: Direction) => {
    if (!signedIn) return navigate('/login', { state: { from: location.pathname } });
    if (!terms) return;
    const problem = stakeProblem(stake, { min: terms.minStake, max: terms.maxStake, available: balance.data ?? null });
    if (problem)
      return setError(t(`stakeError.${problem}`, { min: terms.minStake, max: terms.maxStake, currency: 'USDT' }));
    setError(null);
    setTermsChanged(false);
    try {
      setQuote(
        await requestQuote(
          { instrument: symbol, period: terms.period, direction, stake: stake.trim() },
          { silent: true },
        ),
      );
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  const confirm = async (acceptRisk: boolean) => {
    if (!quote) return;
    const body = {
      instrument: quote.instrument,
      period: quote.period,
      direction: quote.direction,
      stake: quote.stake,
      terms: quote.terms,
      payoutRate: quote.payoutRate,
      ...(acceptRisk ? { acceptRisk } : {}),
    };
    try {
      const c = await command.run(body, (requestId) => buyContract({ ...body, requestId }, { silent: true }));
      if (!c) return;
      setQuote(null);
      setTermsChanged(false);
      setBought(c);
      await refreshMoney(queryClient);
    } catch (err) {
      if (err instanceof ApiError && afterRefusal(err.error) === 'show-new-quote') {
        await showNewQuote(quote);
        return;
      }
      setQuote(null);
      if (err instanceof ApiError) showToast({ content: err.message });
    }
  };

  /** The terms changed between quote and purchase: the ticket shows the new quote, marked, for a new decision. */
  const showNewQuote = async (old: Quote) => {
    void queryClient.invalidateQueries({ queryKey: cycleKeys.all });
    try {
      const fresh = await requestQuote(
        { instrument: old.instrument, period: old.period, direction: old.direction, stake: old.stake },
        { silent: true },
      );
      setQuote(fresh);
      setTermsChanged(true);
    } catch (err) {
      // the product may be gone altogether (switched off, stake now out of range): say why
      setQuote(null);
      if (err instanceof ApiError) showToast({ content: err.message });
    }
  };

  const preview = terms ? previewReturn(stake, terms.payoutRate) : null;
  const disabled = countryBlocked || !terms?.enabled || inst?.enabled === false;

  return (
    <div className="cy-page">
      <RiskBanner product="cycle" />
      <div className="cy-head">
        <div className="cy-head__title">{t('title')}</div>
        <Link to="/cycle/records" className="cy-link" data-testid="cycle-records-link">
          {t('records.title')}
        </Link>
      </div>

      <section className="card cy-picker" data-testid="cycle-instruments">
        {groups.map((g) =>
          g.list.length ? (
            <div key={g.kind} className="cy-picker__group">
              <div className="cy-picker__label">{t(`kind.${g.kind}`)}</div>
              <div className="cy-chips">
                {g.list.map((i) => (
                  <button
                    key={i.instrument}
                    type="button"
                    className={`cy-chip${i.instrument === symbol ? ' cy-chip--on' : ''}`}
                    onClick={() => setSymbol(i.instrument)}
                    data-testid={`cycle-instrument-${i.instrument}`}
                  >
                    {t(`base.${i.base}`, { defaultValue: i.base })}
                  </button>
                ))}
              </div>
            </div>
          ) : null,
        )}
      </section>

      <section className="card cy-price">
        <div className="cy-price__row">
          <span className="cy-price__symbol">{symbol.replace(/USDT$/, '/USDT')}</span>
          {(ticks.data?.demo ?? demo) && <DemoBadge />}
        </div>
        <div className="cy-price__value" data-testid="cycle-price">
          {formatPrice(last?.price ?? null)}
        </div>
        <PriceChart ticks={ticks.data?.ticks ?? []} />
      </section>

      <section className="card">
        <div className="cy-label">{t('field.cycle')}</div>
        <div className="cy-periods" data-testid="cycle-periods">
          {periods.map((p) => (
            <button
              key={p.period}
              type="button"
              disabled={!p.enabled}
              className={`cy-period${p.period === terms?.period ? ' cy-period--on' : ''}`}
              onClick={() => setPeriod(p.period)}
              data-testid={`cycle-period-${p.period}`}
            >
              <span className="cy-period__time">{t('period.seconds', { n: p.period })}</span>
              <span className="cy-period__payout">{t('period.payout', { v: percent(p.payoutRate) })}</span>
              <span className="cy-period__be">{t('period.breakEven', { v: p.breakEvenPercent })}</span>
            </button>
          ))}
        </div>

        <div className="cy-label cy-label--row">
          <span>{t('field.amount')}</span>
          <span className="cy-min" data-testid="cycle-min-label">
            {t('amount.min', { min: terms?.minStake ?? '100', currency: 'USDT' })}
          </span>
        </div>
        <Input
          className="cy-input"
          inputMode="decimal"
          placeholder={t('amount.placeholder', { min: terms?.minStake ?? '100' })}
          value={stake}
          onChange={(v) => {
            setStake(v);
            setError(null);
          }}
          data-testid="cycle-amount"
        />
        {error ? (
          <div className="cy-error" role="alert" data-testid="cycle-error">
            {error}
          </div>
        ) : (
          <div className="cy-hint">
            {signedIn && balance.data !== undefined && (
              <span>{t('amount.available', { amount: balance.data, currency: 'USDT' })}</span>
            )}
            {preview && <span>{t('amount.ifWin', { amount: preview, currency: 'USDT' })}</span>}
          </div>
        )}

        {countryBlocked && (
          <div className="cy-error" data-testid="cycle-country-blocked">
            {t('countryBlocked')}
          </div>
        )}
        <div className="cy-buttons">
          <Button block color="success" disabled={disabled} onClick={() => void open('up')} data-testid="cycle-buy-up">
            {t('buy.up')}
          </Button>
          <Button
            block
            color="danger"
            disabled={disabled}
            onClick={() => void open('down')}
            data-testid="cycle-buy-down"
          >
            {t('buy.down')}
          </Button>
        </div>
      </section>

      <section className="cy-warning" data-testid="cycle-risk-warning">
        <p>{t('warning', { breakEven: terms?.breakEvenPercent ?? '', edge: terms?.houseEdgePercent ?? '' })}</p>
        <p>{t('rule')}</p>
        <Link to="/documentDetail/risk_cycle" className="cy-link">
          {t('confirm.readRisk')}
        </Link>
      </section>

      <ConfirmSheet
        quote={quote}
        termsChanged={termsChanged}
        busy={command.busy}
        onCancel={() => setQuote(null)}
        onConfirm={(a) => void confirm(a)}
      />
      <CountdownSheet
        contract={bought}
        onClose={() => {
          setBought(null);
          void refreshMoney(queryClient);
        }}
      />
    </div>
  );
}
