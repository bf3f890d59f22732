import { useState } from 'react';
import { Button } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { depositAddressQuery, depositsQuery, drawInfosQuery, PAGE_SIZE } from '../api/wallet.ts';
import type { DrawCurrency } from '../api/types.ts';
import { copyText } from '../components/copy.ts';
import { ChoiceField } from '../components/CurrencyPicker.tsx';
import { DemoFundsCard } from '../components/DemoFunds.tsx';
import { FormRow, InfoLine, LoadState, SignedInGate } from '../components/Gate.tsx';
import { Pager } from '../components/Pager.tsx';
import { QrCode } from '../components/QrCode.tsx';
import { StatusTag } from '../components/StatusTag.tsx';
import { Time } from '../components/Time.tsx';
import { useCurrencyChoice } from '../components/useCurrencyChoice.ts';
import { showAmount } from '../model/amounts.ts';
import '../components/wallet.css';

/** /recharge: the user's deposit address per currency and chain, its QR code, the rules, and the deposit records. */
export default function RechargePage() {
  return (
    <SignedInGate>
      <Recharge />
    </SignedInGate>
  );
}

function Recharge() {
  const infos = useQuery(drawInfosQuery());
  if (!infos.data) return <LoadState error={infos.isError} retry={() => void infos.refetch()} />;
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
  const { currency, chain, chooseCurrency, chooseChain } = useCurrencyChoice(props.currencies, params.get('currency'));
  const address = useQuery({
    ...depositAddressQuery(currency?.currency ?? '', chain?.chain ?? ''),
    enabled: !!currency && !!chain,
  });
  if (!currency || !chain) return null;
  return (
    <section className="card">
      <FormRow name="currency" label={t('field.currency')}>
        <ChoiceField
          title={t('field.currency')}
          testId="pick-currency"
          value={currency.currency}
          options={props.currencies.map((c) => ({
            value: c.currency,
            label: `${c.currency} · ${c.name}`,
            coinType: c.coinType,
          }))}
          onChange={chooseCurrency}
        />
      </FormRow>
      <FormRow name="chain" label={t('field.chain')}>
        <div className="wal-chips">
          {currency.chains.map((c) => (
            <button
              key={c.chain}
              type="button"
              className={'wal-chip' + (c.chain === chain.chain ? ' wal-chip--on' : '')}
              onClick={() => chooseChain(c.chain)}
              data-testid={`chain-${c.chain}`}
            >
              {c.chain}
            </button>
          ))}
        </div>
      </FormRow>
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
        <LoadState error={address.isError} retry={() => void address.refetch()} />
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
  const [page, setPage] = useState(1);
  const records = useQuery(depositsQuery(page));
  return (
    <section className="card">
      <header className="card__head">
        <h2 className="card__title">{t('deposit.records')}</h2>
      </header>
      {!records.data ? (
        <LoadState error={records.isError} retry={() => void records.refetch()} />
      ) : records.data.items.length === 0 ? (
        <EmptyState testId="deposits-empty" icon={<FileOutline />} title={t('deposit.noRecords')} />
      ) : (
        <>
          {records.data.items.map((d) => (
            <div className="wal-record" key={d.id} data-testid="deposit-record">
              <div className="wal-record__head">
                <span>
                  {showAmount(d.amount)} {d.currency}
                </span>
                <StatusTag status={d.status} testId="deposit-status" />
              </div>
              <div className="wal-record__sub">
                <span>{d.chain}</span>
                <span data-testid="deposit-confirmations">
                  {t('deposit.confirmations', { count: d.confirmations })}
                </span>
                <Time at={d.time} />
              </div>
              <div className="wal-record__sub">
                <span>{d.withdrawable ? t('deposit.withdrawable') : t('deposit.notWithdrawable')}</span>
              </div>
              <div className="wal-record__mono">{d.txHash}</div>
            </div>
          ))}
          <Pager page={page} size={PAGE_SIZE} total={records.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
