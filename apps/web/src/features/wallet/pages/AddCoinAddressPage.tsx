import { useState } from 'react';
import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { addAddress, drawInfosQuery } from '../api/wallet.ts';
import type { DrawCurrency } from '../api/types.ts';
import { AssetPicker } from '../../../components/form/AssetPicker.tsx';
import { showCommandError } from '../components/errors.ts';
import { FormRow } from '../../../components/form/FormRow.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { useAssetChoice } from '../../../components/form/useAssetChoice.ts';
import '../components/wallet.css';
import { Form } from '../../../components/form/Form.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

/** /mine/addCoinAddress: save a withdrawal address (the server checks its format and checksum per chain). */
export default signedInPage('wallet', AddAddress);

function AddAddress() {
  const infos = useQuery(drawInfosQuery());
  if (!infos.data) return <LoadState of={[infos]} />;
  return <AddAddressForm currencies={infos.data.currencies} />;
}

function AddAddressForm(props: { currencies: DrawCurrency[] }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { currency, chain, chooseCurrency, chooseChain } = useAssetChoice(props.currencies);
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
        <Form onSubmit={() => void onSubmit()}>
          <AssetPicker
            assets={props.currencies}
            currency={currency.currency}
            onCurrency={chooseCurrency}
            chains={currency.chains}
            chain={chain.chain}
            onChain={chooseChain}
          />
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
          <SubmitButton busy={busy} testId="submit-address">
            {t('address.save')}
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
