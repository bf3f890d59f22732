import { useState } from 'react';
import { Button, Input, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { addAddress, drawInfosQuery } from '../api/wallet.ts';
import type { DrawCurrency } from '../api/types.ts';
import { ChoiceField } from '../components/CurrencyPicker.tsx';
import { showCommandError } from '../components/errors.ts';
import { FormRow, LoadState, SignedInGate } from '../components/Gate.tsx';
import { useCurrencyChoice } from '../components/useCurrencyChoice.ts';
import '../components/wallet.css';

/** /mine/addCoinAddress: save a withdrawal address (the server checks its format and checksum per chain). */
export default function AddCoinAddressPage() {
  return (
    <SignedInGate>
      <AddAddress />
    </SignedInGate>
  );
}

function AddAddress() {
  const infos = useQuery(drawInfosQuery());
  if (!infos.data) return <LoadState error={infos.isError} retry={() => void infos.refetch()} />;
  return <AddAddressForm currencies={infos.data.currencies} />;
}

function AddAddressForm(props: { currencies: DrawCurrency[] }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { currency, chain, chooseCurrency, chooseChain } = useCurrencyChoice(props.currencies);
  const [address, setAddress] = useState('');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (!currency || !chain) return null;

  const onSubmit = async () => {
    if (!address.trim()) return setErrors({ address: t('withdraw.addressEmpty') });
    setBusy(true);
    try {
      await addAddress(
        {
          currency: currency.currency,
          chain: chain.chain,
          address: address.trim(),
          ...(remark.trim() ? { remark: remark.trim() } : {}),
        },
        { silent: true },
      );
      await queryClient.invalidateQueries({ queryKey: ['wallet', 'addresses'] });
      Toast.show({ content: t('address.saved'), icon: 'success' });
      navigate('/mine/coinAddress', { replace: true });
    } catch (err) {
      showCommandError(err, ['address', 'remark'], (f, m) => setErrors((x) => ({ ...x, [f]: m })));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wal-page">
      <section className="card">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void onSubmit();
          }}
        >
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
          <FormRow name="address" label={t('field.address')} error={errors.address}>
            <Input
              value={address}
              onChange={(v) => {
                setAddress(v);
                setErrors({});
              }}
              placeholder={t('withdraw.addressPlaceholder', { chain: chain.chain })}
              autoComplete="off"
              data-testid="input-address"
            />
          </FormRow>
          <FormRow name="remark" label={t('field.remark')} error={errors.remark}>
            <Input
              value={remark}
              maxLength={100}
              onChange={setRemark}
              placeholder={t('address.remarkPlaceholder')}
              data-testid="input-remark"
            />
          </FormRow>
          <Button
            className="wal-submit"
            block
            color="primary"
            type="submit"
            loading={busy}
            data-testid="submit-address"
          >
            {t('address.save')}
          </Button>
        </form>
      </section>
    </div>
  );
}
