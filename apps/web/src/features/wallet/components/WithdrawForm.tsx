import { useReducer, useState } from 'react';
import Dialog from 'antd-mobile/es/components/dialog';
import Input from 'antd-mobile/es/components/input';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSearchParams } from 'react-router-dom';
import { AmountField } from '../../../components/form/AmountField.tsx';
import { AssetPicker } from '../../../components/form/AssetPicker.tsx';
import { CodeField } from '../../../components/form/CodeField.tsx';
import { FormRow } from '../../../components/form/FormRow.tsx';
import { PasswordInput } from '../../../components/form/PasswordInput.tsx';
import { FundPasswordInline } from '../../../components/FundPasswordInline.tsx';
import { useDraft } from '../../../lib/detour.ts';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { applyWithdrawal, type SecurityState } from '../api/wallet.ts';
import type { DrawInfos } from '../api/types.ts';
import { showAmount } from '../model/amounts.ts';
import { withdrawErrors } from '../model/withdraw-errors.ts';
import {
  initialWithdraw,
  WITHDRAW_FIELDS,
  withdrawReducer,
  type FieldProblem,
  type WithdrawField,
} from '../model/withdraw-form.ts';
import { summarizeWithdraw, type WithdrawContext } from '../model/withdraw-summary.ts';
import { AddressBookPopup } from './AddressBookPopup.tsx';
import { showCommandError } from './errors.ts';
import { InfoLine } from './InfoLine.tsx';
import { KycNotice, showKycRequired } from './KycNotice.tsx';
import { NetworkStatusLine } from './NetworkStatusLine.tsx';
import { useMoneyCommand } from '../../../lib/use-money-command.ts';
import { Form } from '../../../components/form/Form.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

/** The on-chain withdrawal application: the screen of model/withdraw-form.ts. */
export function WithdrawForm(props: { infos: DrawInfos; security: SecurityState }) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { infos, security } = props;
  // back from a prerequisite (identity): the form as it was left
  const draft = useDraft();
  const [s, dispatch] = useReducer(withdrawReducer, undefined, () =>
    initialWithdraw(infos.currencies, { ...draft, currency: draft.currency ?? params.get('currency') }),
  );
  const [bookOpen, setBookOpen] = useState(false);
  const command = useMoneyCommand();
  const currency = infos.currencies.find((c) => c.currency === s.currency);
  const chain = currency?.chains.find((c) => c.chain === s.chain) ?? currency?.chains[0];
  if (!currency || !chain) return null;

  const ctx: WithdrawContext = {
    currency,
    chain,
    kyc: infos.kyc,
    codeChannel: security.emailBound ? 'email' : 'sms',
    totpEnabled: security.totpEnabled,
  };
  const summary = summarizeWithdraw(s, ctx);
  const edit = (field: WithdrawField) => (value: string) => dispatch({ type: 'edit', field, value });
  const shown = (p: FieldProblem | undefined) => (!p ? undefined : 'text' in p ? p.text : t(p.key, p.params ?? {}));
  const unit = (amount: string | null) => (amount ? `${showAmount(amount)} ${currency.currency}` : '--');

  const onSubmit = async () => {
    const problems = withdrawErrors(s, ctx);
    dispatch({ type: 'problems', problems });
    if (Object.keys(problems).length) return;
    const body = summary.body;
    try {
      const done = await command.run(body, (requestId) => applyWithdrawal({ ...body, requestId }, { silent: true }));
      if (!done) return;
      dispatch({ type: 'submitted' });
      await refreshMoney(queryClient);
      void Dialog.alert({
        content: <div data-testid="withdraw-success">{done.message || t('withdraw.success')}</div>,
        confirmText: t('action.ok'),
      });
    } catch (err) {
      const key = showCommandError(err, WITHDRAW_FIELDS, (field, text) =>
        dispatch({ type: 'refused', field: field as WithdrawField, text }),
      );
      if (key === 'KYC_REQUIRED' && err instanceof Error) showKycRequired(err.message, infos.kyc.verifyPath);
    }
  };

  return (
    <>
      {infos.kyc.level === 'none' ? (
        <KycNotice
          path={infos.kyc.verifyPath}
          draft={() => ({ currency: s.currency, chain: s.chain, address: s.address, amount: s.amount })}
        />
      ) : null}
      <section className="card">
        <Form onSubmit={() => void onSubmit()}>
          <AssetPicker
            assets={infos.currencies}
            currency={currency.currency}
            onCurrency={(next) => dispatch({ type: 'currency', currency: next, currencies: infos.currencies })}
            chains={currency.chains}
            chain={chain.chain}
            onChain={(next) => dispatch({ type: 'chain', chain: next })}
          />
          <NetworkStatusLine network={chain.chain} side="withdraw" />
          <FormRow
            name="address"
            label={t('field.address')}
            error={shown(s.problems.address)}
            extra={
              <button
                type="button"
                className="form-link"
                onClick={() => setBookOpen(true)}
                data-testid="open-address-book"
              >
                {t('withdraw.addressBook')}
              </button>
            }
          >
            <Input
              placeholder={t('withdraw.addressPlaceholder', { chain: chain.chain })}
              value={s.address}
              onChange={edit('address')}
              autoComplete="off"
              data-testid="input-address"
            />
          </FormRow>
          <AmountField
            label={t('field.amount')}
            value={s.amount}
            onChange={edit('amount')}
            scale={currency.scale}
            error={shown(s.problems.amount)}
            note={t('withdraw.limits', {
              min: showAmount(currency.min),
              max: showAmount(currency.max),
              currency: currency.currency,
            })}
            available={
              <span>
                {t('withdraw.withdrawable')}:{' '}
                <span data-testid="withdrawable">{showAmount(currency.withdrawable)}</span>
              </span>
            }
            all={currency.withdrawable}
          />
          <InfoLine label={t('withdraw.available')} value={unit(currency.available)} />
          <InfoLine label={t('withdraw.fee')} value={unit(chain.withdrawFee)} testId="withdraw-fee" />
          <InfoLine label={t('withdraw.receive')} value={unit(summary.receive)} testId="withdraw-receive" strong />
          <InfoLine
            label={t('withdraw.todayRemaining')}
            value={`${showAmount(currency.todayRemaining)} ${currency.currency}`}
          />
          {summary.kycRemaining ? (
            <InfoLine label={t('withdraw.kycRemaining')} value={summary.kycRemaining} testId="kyc-remaining" />
          ) : null}
          <FormRow name="fundPassword" label={t('field.fundPassword')} error={shown(s.problems.fundPassword)}>
            <PasswordInput
              numeric
              autoComplete="off"
              placeholder={t('withdraw.fundPasswordPlaceholder')}
              value={s.fundPassword}
              onChange={edit('fundPassword')}
              testId="input-fund-password"
            />
          </FormRow>
          {/* set it here, without leaving the form: what was entered stays */}
          {!security.fundPasswordSet ? <FundPasswordInline /> : null}
          <CodeField
            name="code"
            label={t(ctx.codeChannel === 'email' ? 'field.emailCode' : 'field.smsCode')}
            error={shown(s.problems.code)}
            placeholder={t('withdraw.codePlaceholder')}
            value={s.code}
            onChange={edit('code')}
            testId="input-code"
            send={{ purpose: 'withdraw', target: () => ({ channel: ctx.codeChannel }) }}
          />
          {security.totpEnabled ? (
            <CodeField
              name="totpCode"
              label={t('field.totp')}
              error={shown(s.problems.totpCode)}
              placeholder={t('withdraw.totpPlaceholder')}
              value={s.totpCode}
              onChange={edit('totpCode')}
              testId="input-totp"
            />
          ) : null}
          <SubmitButton busy={command.busy} testId="submit-withdraw">
            {t('withdraw.submit')}
          </SubmitButton>
        </Form>
        <AddressBookPopup
          open={bookOpen}
          currency={currency.currency}
          chain={chain.chain}
          onClose={() => setBookOpen(false)}
          onPick={(a) => {
            edit('address')(a);
            setBookOpen(false);
          }}
        />
      </section>
    </>
  );
}
