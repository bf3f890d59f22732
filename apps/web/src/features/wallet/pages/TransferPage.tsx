import { useState } from 'react';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSearchParams } from 'react-router-dom';
import { assetsQuery, drawInfosQuery, transfer } from '../api/wallet.ts';
import { useLiveWallet } from '../api/useLiveWallet.ts';
import { WALLETS, type Assets, type WalletName } from '../api/types.ts';
import { AmountField } from '../../../components/form/AmountField.tsx';
import { AssetPicker } from '../../../components/form/AssetPicker.tsx';
import { showCommandError } from '../components/errors.ts';
import { InfoLine } from '../components/InfoLine.tsx';
import { SwapPairField } from '../components/SwapPairField.tsx';
import type { SwapPair } from '../model/swap-pair.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { useMoneyCommand } from '../../../lib/use-money-command.ts';
import { amountProblem, showAmount } from '../model/amounts.ts';
import '../components/wallet.css';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { Form } from '../../../components/form/Form.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

/** /transfer: move funds between the spot, futures and earn wallets. */
export default signedInPage('wallet', Transfer);

function Transfer() {
  useLiveWallet();
  const assets = useQuery(assetsQuery());
  const infos = useQuery(drawInfosQuery());
  if (!assets.data || !infos.data) {
    return <LoadState of={[assets, infos]} />;
  }
  // decimal places per currency, as the server keeps them
  const scales = new Map(infos.data.currencies.map((c) => [c.currency, c.scale]));
  return <TransferForm assets={assets.data} scales={scales} />;
}

function TransferForm(props: { assets: Assets; scales: Map<string, number> }) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const currencies = props.assets.wallets[0]?.currencies ?? [];
  const [currency, setCurrency] = useState(
    currencies.find((c) => c.currency === params.get('currency'))?.currency ?? 'USDT',
  );
  const [pair, setPair] = useState<SwapPair<WalletName>>({ from: 'spot', to: 'futures' });
  const { from, to } = pair;
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const command = useMoneyCommand();
  const available =
    props.assets.wallets.find((w) => w.wallet === from)?.currencies.find((c) => c.currency === currency)?.available ??
    '0';
  const scale = props.scales.get(currency) ?? 8;
  const walletOptions = WALLETS.map((w) => ({ value: w, label: t(`wallet.${w}`) }));

  const onSubmit = async () => {
    const problem = amountProblem(amount, scale, { available });
    if (problem)
      return setError(
        problem === 'insufficient'
          ? t('transfer.insufficient')
          : t(`amountError.${problem}`, { scale, currency, min: '', max: '' }),
      );
    const body = { currency, from, to, amount: amount.trim() };
    try {
      const done = await command.run(body, (requestId) => transfer({ ...body, requestId }, { silent: true }));
      if (!done) return;
      setAmount('');
      // the message first: refetching every balance on screen takes a moment
      Toast.show({ content: t('transfer.done'), icon: 'success' });
      await refreshMoney(queryClient);
    } catch (err) {
      showCommandError(err, ['amount'], (_f, m) => setError(m));
    }
  };

  return (
    <div className="wal-page">
      <section className="card">
        <Form onSubmit={() => void onSubmit()}>
          <AssetPicker
            assets={currencies}
            currency={currency}
            onCurrency={(v) => {
              setCurrency(v);
              setError(null);
            }}
          />
          <SwapPairField
            pair={pair}
            options={walletOptions}
            labels={{ from: t('transfer.from'), to: t('transfer.to') }}
            swapTestId="swap-wallets"
            onChange={(next) => {
              setPair(next);
              setError(null);
            }}
          />
          <AmountField
            label={t('field.amount')}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setError(null);
            }}
            scale={scale}
            error={error}
            all={available}
          />
          <InfoLine
            label={t('transfer.available', { wallet: t(`wallet.${from}`) })}
            value={`${showAmount(available)} ${currency}`}
            testId="transfer-available"
          />
          <SubmitButton busy={command.busy} testId="submit-transfer">
            {t('transfer.submit')}
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
