import { useEffect, useState } from 'react';
import { ActionButton } from '../../../components/ActionButton.tsx';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { formatPrice } from '../../../lib/format/price.ts';
import { assetsQuery, drawInfosQuery, executeConvert, requestQuote } from '../api/wallet.ts';
import { useLiveWallet } from '../api/useLiveWallet.ts';
import type { Assets, ConvertQuote, DrawCurrency } from '../api/types.ts';
import { AmountField } from '../../../components/form/AmountField.tsx';
import { showCommandError } from '../components/errors.ts';
import { DemoBadge } from '../components/DemoBadge.tsx';
import { InfoLine } from '../components/InfoLine.tsx';
import { SwapPairField } from '../components/SwapPairField.tsx';
import type { SwapPair } from '../model/swap-pair.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { useMoneyCommand } from '../../../lib/use-money-command.ts';
import { amountProblem, percentOf, showAmount } from '../model/amounts.ts';
import { CONVERT_MAX, CONVERT_MIN } from '../model/convert-limits.ts';
import { deviceNow, secondsUntil } from '../model/countdown.ts';
import '../components/wallet.css';
import { refreshMoney } from '../../../lib/money-refresh.ts';

/** /convert: a quote at the index price (published spread and fee) that holds a few seconds, then execute. */
export default signedInPage('wallet', Convert);

function Convert() {
  useLiveWallet();
  const assets = useQuery(assetsQuery());
  const infos = useQuery(drawInfosQuery());
  if (!assets.data || !infos.data) {
    return <LoadState of={[assets, infos]} />;
  }
  return <ConvertForm assets={assets.data} currencies={infos.data.currencies} />;
}

function ConvertForm(props: { assets: Assets; currencies: DrawCurrency[] }) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const [pair, setPair] = useState<SwapPair<string>>({ from: 'USDT', to: 'BTC' });
  const { from, to } = pair;
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [quote, setQuote] = useState<ConvertQuote | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const command = useMoneyCommand();
  const fromInfo = props.currencies.find((c) => c.currency === from);
  const scale = fromInfo?.scale ?? 8;
  const spot = props.assets.wallets.find((w) => w.wallet === 'spot');
  const available = spot?.currencies.find((c) => c.currency === from)?.available ?? '0';
  const options = props.currencies.map((c) => ({ value: c.currency, label: c.currency, coinType: c.coinType }));
  // the quote's own clock: the server said when it expires; our clock only counts down to it
  const left = quote ? secondsUntil(quote.expiresAt, now) : 0;

  useEffect(() => {
    if (!quote) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [quote]);

  const changed = () => {
    setQuote(null);
    setError(null);
  };

  const getQuote = async () => {
    const problem = amountProblem(amount, scale, { min: CONVERT_MIN, max: CONVERT_MAX, available });
    if (problem) {
      setQuote(null);
      return setError(
        problem === 'insufficient'
          ? t('transfer.insufficient')
          : t(`amountError.${problem}`, { min: CONVERT_MIN, max: CONVERT_MAX, scale, currency: from }),
      );
    }
    setQuoting(true);
    try {
      const q = await requestQuote({ from, to, amount: amount.trim() }, { silent: true });
      // the countdown runs on the time the server gave, measured from when the answer arrived
      const received = deviceNow();
      setQuote({ ...q, expiresAt: received + q.validSeconds * 1000 });
      setNow(received);
    } catch (err) {
      showCommandError(err, ['amount', 'to', 'from'], (_f, m) => setError(m));
    } finally {
      setQuoting(false);
    }
  };

  const execute = async () => {
    if (!quote || left <= 0) return;
    const body = { quoteId: quote.quoteId };
    try {
      const done = await command.run(body, (requestId) => executeConvert({ ...body, requestId }, { silent: true }));
      if (!done) return;
      setQuote(null);
      setAmount('');
      await refreshMoney(queryClient);
      Toast.show({
        content: t('convert.done', { amount: showAmount(done.receive), currency: done.to }),
        icon: 'success',
      });
    } catch (err) {
      setQuote(null);
      showCommandError(err, [], () => undefined);
    }
  };

  return (
    <div className="wal-page">
      <section className="card">
        <SwapPairField
          pair={pair}
          options={options}
          labels={{ from: t('convert.from'), to: t('convert.to') }}
          swapTestId="swap-currencies"
          onChange={(next) => {
            setPair(next);
            changed();
          }}
        />
        <AmountField
          label={t('field.amount')}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            changed();
          }}
          scale={scale}
          error={error}
          note={t('convert.range', { min: CONVERT_MIN, max: showAmount(CONVERT_MAX), currency: from })}
          all={available}
        />
        <InfoLine
          label={t('transfer.available', { wallet: t('wallet.spot') })}
          value={`${showAmount(available)} ${from}`}
          testId="convert-available"
        />
        {quote ? (
          <div className={'wal-quote' + (left <= 0 ? ' wal-quote--expired' : '')} data-testid="convert-quote">
            <InfoLine
              label={
                <>
                  {t('convert.indexPrice')}
                  {quote.demo ? <DemoBadge /> : null}
                </>
              }
              value={`1 ${quote.from} ≈ ${formatPrice(quote.indexPrice)} ${quote.to}`}
            />
            <InfoLine label={t('convert.rate')} value={`1 ${quote.from} = ${formatPrice(quote.rate)} ${quote.to}`} />
            <InfoLine
              label={t('convert.spreadFee', { spread: percentOf(quote.spread), fee: percentOf(quote.feeRate) })}
              value={`${showAmount(quote.fee)} ${quote.to}`}
            />
            <InfoLine
              label={t('convert.receive')}
              value={`${showAmount(quote.receive)} ${quote.to}`}
              testId="convert-receive"
              strong
            />
            <div className="wal-hint" data-testid="quote-countdown">
              {left > 0 ? t('convert.validFor', { seconds: left }) : t('convert.expired')}
            </div>
          </div>
        ) : null}
        <div className="button-row" style={{ display: 'flex', gap: 8, marginTop: 12 }}>
          <ActionButton block fill="outline" color="primary" busy={quoting} onAction={getQuote} testId="get-quote">
            {quote ? t('convert.refresh') : t('convert.getQuote')}
          </ActionButton>
          <ActionButton
            block
            color="primary"
            disabled={!quote || left <= 0}
            busy={command.busy}
            onAction={execute}
            testId="execute-convert"
          >
            {t('convert.execute')}
          </ActionButton>
        </div>
      </section>
      <div className="wal-links">
        <Link to="/convertRecord">{t('assets.convertRecords')}</Link>
      </div>
    </div>
  );
}
