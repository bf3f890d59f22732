import { useState } from 'react';
import Dialog from 'antd-mobile/es/components/dialog';
import Input from 'antd-mobile/es/components/input';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { applyBankWithdrawal, bankWithdrawalsQuery, drawInfosQuery, type BankWithdrawBody } from '../api/wallet.ts';
import type { DrawInfos } from '../api/types.ts';
import { showCommandError } from '../components/errors.ts';
import { AmountField } from '../../../components/form/AmountField.tsx';
import { FormRow } from '../../../components/form/FormRow.tsx';
import { PasswordInput } from '../../../components/form/PasswordInput.tsx';
import { InfoLine } from '../components/InfoLine.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { KycNotice, showKycRequired } from '../components/KycNotice.tsx';
import { useDraft } from '../../../lib/detour.ts';
import { AmountStatusHead, PagedRecords } from '../components/PagedRecords.tsx';
import { Time } from '../components/Time.tsx';
import { useMoneyCommand } from '../../../lib/use-money-command.ts';
import { amountProblem, percentOf, rateFee, showAmount } from '../model/amounts.ts';
import '../components/wallet.css';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { Form } from '../../../components/form/Form.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

const TEXT_FIELDS = ['cardholder', 'bankName', 'branchName', 'bankCode', 'cardNumber'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const CARD_NUMBER = /^[A-Za-z0-9]{8,34}$/;
const USDT_SCALE = 6;

/** /withdrawBank: a fiat withdrawal to a bank card, in USDT, less a published fee; and its records. */
export default signedInPage('wallet', WithdrawBank);

function WithdrawBank() {
  const infos = useQuery(drawInfosQuery());
  if (!infos.data) return <LoadState of={[infos]} />;
  return (
    <div className="wal-page">
      <BankForm infos={infos.data} />
      <BankRecords />
    </div>
  );
}

function BankForm(props: { infos: DrawInfos }) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const { bank, kyc } = props.infos;
  const usdt = props.infos.currencies.find((c) => c.currency === bank.currency);
  // back from a prerequisite (identity): the form as it was left (never the fund password)
  const draft = useDraft();
  const [values, setValues] = useState<Record<TextField | 'amount' | 'fundPassword', string>>({
    cardholder: draft.cardholder ?? '',
    bankName: draft.bankName ?? '',
    branchName: draft.branchName ?? '',
    bankCode: draft.bankCode ?? '',
    cardNumber: draft.cardNumber ?? '',
    amount: draft.amount ?? '',
    fundPassword: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const command = useMoneyCommand();
  const set = (field: keyof typeof values) => (v: string) => {
    setValues((x) => ({ ...x, [field]: v }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };
  const preview = rateFee(values.amount, bank.feeRate, USDT_SCALE);
  const perTrade = kyc.level === 'none' ? undefined : kyc.fiatPerTrade;

  const onSubmit = async () => {
    const e: Record<string, string> = {};
    for (const f of TEXT_FIELDS) if (!values[f].trim()) e[f] = t('bank.required');
    if (!e.cardNumber && !CARD_NUMBER.test(values.cardNumber.trim())) e.cardNumber = t('bank.cardNumberInvalid');
    const problem = amountProblem(values.amount, USDT_SCALE, {
      min: bank.min,
      max: perTrade,
      available: usdt?.withdrawable,
    });
    if (problem)
      e.amount = t(`amountError.${problem}`, {
        min: bank.min,
        max: perTrade ?? '',
        scale: USDT_SCALE,
        currency: bank.currency,
      });
    if (!/^\d{6}$/.test(values.fundPassword)) e.fundPassword = t('withdraw.fundPasswordInvalid');
    setErrors(e);
    if (Object.keys(e).length) return;
    const body: Omit<BankWithdrawBody, 'requestId'> = {
      cardholder: values.cardholder.trim(),
      bankName: values.bankName.trim(),
      branchName: values.branchName.trim(),
      bankCode: values.bankCode.trim(),
      cardNumber: values.cardNumber.trim(),
      amount: values.amount.trim(),
      fundPassword: values.fundPassword,
    };
    try {
      const done = await command.run(body, (requestId) =>
        applyBankWithdrawal({ ...body, requestId }, { silent: true }),
      );
      if (!done) return;
      setValues((x) => ({ ...x, amount: '', fundPassword: '' }));
      await refreshMoney(queryClient);
      void Dialog.alert({
        content: <div data-testid="bank-success">{done.message || t('withdraw.success')}</div>,
        confirmText: t('action.ok'),
      });
    } catch (err) {
      const key = showCommandError(err, [...TEXT_FIELDS, 'amount', 'fundPassword'], (f, m) =>
        setErrors((x) => ({ ...x, [f]: m })),
      );
      if (key === 'KYC_REQUIRED' && err instanceof Error) showKycRequired(err.message, kyc.verifyPath);
    }
  };

  return (
    <>
      {kyc.level === 'none' ? (
        <KycNotice path={kyc.verifyPath} draft={() => ({ ...values, fundPassword: '' })} />
      ) : null}
      <section className="card">
        <Form onSubmit={() => void onSubmit()}>
          {TEXT_FIELDS.map((f) => (
            <FormRow key={f} name={f} label={t(`bank.${f}`)} error={errors[f]}>
              <Input
                value={values[f]}
                onChange={set(f)}
                inputMode={f === 'cardNumber' ? 'numeric' : 'text'}
                autoComplete="off"
                placeholder={t(`bank.${f}Placeholder`)}
                data-testid={`input-${f}`}
              />
            </FormRow>
          ))}
          <AmountField
            label={t('bank.amount', { currency: bank.currency })}
            value={values.amount}
            onChange={set('amount')}
            scale={USDT_SCALE}
            error={errors.amount}
            note={
              perTrade
                ? t('bank.limits', { min: showAmount(bank.min), max: showAmount(perTrade) })
                : t('bank.minOnly', { min: showAmount(bank.min) })
            }
          />
          <InfoLine label={t('withdraw.withdrawable')} value={`${showAmount(usdt?.withdrawable)} ${bank.currency}`} />
          <InfoLine
            label={t('bank.fee', { rate: percentOf(bank.feeRate) })}
            value={preview ? `${showAmount(preview.fee)} ${bank.currency}` : '--'}
            testId="bank-fee"
          />
          <InfoLine
            label={t('bank.receive')}
            value={preview ? `${showAmount(preview.receive)} ${bank.currency}` : '--'}
            testId="bank-receive"
            strong
          />
          <FormRow name="fundPassword" label={t('field.fundPassword')} error={errors.fundPassword}>
            <PasswordInput
              numeric
              autoComplete="off"
              value={values.fundPassword}
              onChange={set('fundPassword')}
              placeholder={t('withdraw.fundPasswordPlaceholder')}
              testId="input-fund-password"
            />
          </FormRow>
          <SubmitButton busy={command.busy} testId="submit-bank">
            {t('bank.submit')}
          </SubmitButton>
        </Form>
      </section>
    </>
  );
}

function BankRecords() {
  const { t } = useTranslation('wallet');
  return (
    <PagedRecords
      query={bankWithdrawalsQuery}
      title={t('bank.records')}
      empty={{ title: t('withdraw.noRecords'), testId: 'bank-empty' }}
      row={(b) => (
        <div className="wal-record" data-testid="bank-record">
          <AmountStatusHead record={b} statusTestId="bank-status" />
          <div className="wal-record__sub">
            <span>
              {b.bankName} · {b.cardNumber}
            </span>
            <Time at={b.time} />
          </div>
          <div className="wal-record__sub">
            <span>{t('withdraw.feeShort', { fee: showAmount(b.fee) })}</span>
            <span>{t('withdraw.receiveShort', { amount: showAmount(b.receive) })}</span>
          </div>
          {b.reason ? <div className="wal-record__sub">{t('withdraw.reason', { reason: b.reason })}</div> : null}
        </div>
      )}
    />
  );
}
