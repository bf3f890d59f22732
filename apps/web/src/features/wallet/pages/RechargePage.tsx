import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSearchParams } from 'react-router-dom';
import { depositAddressQuery, depositsQuery, drawInfosQuery } from '../api/wallet.ts';
import type { DrawCurrency } from '../api/types.ts';
import { copyText } from '../components/copy.ts';
import { AssetPicker } from '../../../components/form/AssetPicker.tsx';
import { DemoFundsCard } from '../components/DemoFunds.tsx';
import { InfoLine } from '../components/InfoLine.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { NetworkStatusLine } from '../components/NetworkStatusLine.tsx';
import { AmountStatusHead, PagedRecords } from '../components/PagedRecords.tsx';
import { QrCode } from '../components/QrCode.tsx';
import { Time } from '../components/Time.tsx';
import { useAssetChoice } from '../../../components/form/useAssetChoice.ts';
import { showAmount } from '../model/amounts.ts';
import '../components/wallet.css';

/** /recharge: the user's deposit address per currency and chain, its QR code, the rules, and the deposit records. */
export default signedInPage('wallet', Recharge);

function Recharge() {
  const infos = useQuery(drawInfosQuery());
  if (!infos.data) return <LoadState of={[infos]} />;
  return (
    <div className="wal-page">
      <DemoFundsCard />
      <DepositForm currencies={infos.data.currencies} />
      <DepositRecords />
    </div>
  );
}

function DepositForm(props: { currencies: DrawCurrency[] }) {
  const { t } = useTranslation('wallet');
  const [params] = useSearchParams();
  const { currency, chain, chooseCurrency, chooseChain } = useAssetChoice(props.currencies, params.get('currency'));
  const address = useQuery({
    ...depositAddressQuery(currency?.currency ?? '', chain?.chain ?? ''),
    enabled: !!currency && !!chain,
  });
  if (!currency || !chain) return null;
  return (
    <section className="card">
      <AssetPicker
        assets={props.currencies}
        currency={currency.currency}
        onCurrency={chooseCurrency}
        chains={currency.chains}
        chain={chain.chain}
        onChain={chooseChain}
      />
      <NetworkStatusLine network={chain.chain} side="deposit" />
      {address.data ? (
        <div className="wal-qr">
          <QrCode
            text={address.data.address}
            label={t('deposit.qrLabel', { currency: currency.currency, chain: chain.chain })}
          />
          <div className="wal-address" data-testid="deposit-address">
            {address.data.address}
          </div>
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={() => void copyText(address.data.address)}
            data-testid="copy-address"
          >
            {t('deposit.copy')}
          </Button>
        </div>
      ) : (
        <LoadState of={[address]} />
      )}
      <InfoLine
        label={t('deposit.minimum')}
        value={`${showAmount(chain.minDeposit)} ${currency.currency}`}
        testId="deposit-minimum"
      />
      <ul className="wal-rules" data-testid="deposit-rules">
        <li>{t('deposit.ruleOnly', { currency: currency.currency, chain: chain.chain })}</li>
        <li>{t('deposit.ruleMinimum', { amount: showAmount(chain.minDeposit), currency: currency.currency })}</li>
        <li>
          {t('deposit.ruleConfirmations', {
            credit: address.data?.creditConfirmations ?? 1,
            unlock: address.data?.unlockConfirmations ?? 3,
          })}
        </li>
        {address.data?.simulated ? <li>{t('deposit.simulated')}</li> : null}
      </ul>
    </section>
  );
}

function DepositRecords() {
  const { t } = useTranslation('wallet');
  return (
    <PagedRecords
      query={depositsQuery}
      title={t('deposit.records')}
      empty={{ title: t('deposit.noRecords'), testId: 'deposits-empty' }}
      row={(d) => (
        <div className="wal-record" data-testid="deposit-record">
          <AmountStatusHead record={d} statusTestId="deposit-status" />
          <div className="wal-record__sub">
            <span>{d.chain}</span>
            <span data-testid="deposit-confirmations">{t('deposit.confirmations', { count: d.confirmations })}</span>
            <Time at={d.time} />
          </div>
          <div className="wal-record__sub">
            <span>{d.withdrawable ? t('deposit.withdrawable') : t('deposit.notWithdrawable')}</span>
          </div>
          <div className="wal-record__mono">{d.txHash}</div>
        </div>
      )}
    />
  );
}
