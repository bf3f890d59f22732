import { Button, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ChangeFundPasswordRequest, SetFundPasswordRequest } from '@tidemark/contract';
import { accountInfoQuery, accountKeys, changeFundPassword, setFundPassword } from '../api/account.ts';
import { Field } from '../components/Field.tsx';
import { LoadState, SignedInOnly } from '../components/SignedInOnly.tsx';
import { PasswordInput } from '../components/TargetFields.tsx';
import { useForm } from '../components/useForm.ts';
import { check } from '../model/form-errors.ts';
import '../components/account.css';

/** /mine/fund: set the fund password the first time (proven by the login password), or change it. */
export default function FundPasswordPage() {
  return (
    <SignedInOnly>
      <FundPassword />
    </SignedInOnly>
  );
}

function FundPassword() {
  const info = useQuery(accountInfoQuery());
  if (!info.data) return <LoadState error={info.isError} retry={() => void info.refetch()} />;
  return <FundPasswordForm isSet={info.data.fundPasswordSet} />;
}

function FundPasswordForm(props: { isSet: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const f = useForm({ oldFundPassword: '', loginPassword: '', fundPassword: '', confirmPassword: '' });
  const { values, set, errors } = f;

  const onSubmit = () => {
    const checked = props.isSet
      ? check(ChangeFundPasswordRequest, {
          oldFundPassword: values.oldFundPassword,
          fundPassword: values.fundPassword,
          confirmPassword: values.confirmPassword,
        })
      : check(SetFundPasswordRequest, {
          loginPassword: values.loginPassword,
          fundPassword: values.fundPassword,
          confirmPassword: values.confirmPassword,
        });
    if (!checked.ok) return f.setErrors(checked.errors);
    void f.submit(async () => {
      if (props.isSet) await changeFundPassword(checked.value as ChangeFundPasswordRequest);
      else await setFundPassword(checked.value as SetFundPasswordRequest);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      Toast.show({ content: t(props.isSet ? 'account:fund.successChange' : 'account:fund.successSet') });
      navigate('/mine/security', { replace: true });
    });
  };

  return (
    <div className="acc-page">
      <h1 className="acc-heading">{t(props.isSet ? 'account:fund.changeTitle' : 'account:fund.setTitle')}</h1>
      <p className="acc-hint">{t('account:fund.hint')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <div className="acc-card">
          {props.isSet ? (
            <Field name="oldFundPassword" label={t('account:field.oldFundPassword')} error={errors.oldFundPassword}>
              <PasswordInput
                numeric
                autoComplete="current-password"
                placeholder={t('account:placeholder.fundPassword')}
                value={values.oldFundPassword}
                onChange={(v) => set('oldFundPassword', v)}
                testId="input-old-fund-password"
              />
            </Field>
          ) : (
            <Field name="loginPassword" label={t('account:field.loginPassword')} error={errors.loginPassword}>
              <PasswordInput
                autoComplete="current-password"
                placeholder={t('account:placeholder.loginPassword')}
                value={values.loginPassword}
                onChange={(v) => set('loginPassword', v)}
                testId="input-login-password"
              />
            </Field>
          )}
          <Field
            name="fundPassword"
            label={t('account:field.fundPassword')}
            error={errors.fundPassword}
            note={t('account:rule.fundPassword')}
          >
            <PasswordInput
              numeric
              autoComplete="new-password"
              placeholder={t('account:placeholder.fundPassword')}
              value={values.fundPassword}
              onChange={(v) => set('fundPassword', v)}
              testId="input-fund-password"
            />
          </Field>
          <Field name="confirmPassword" label={t('account:field.confirmPassword')} error={errors.confirmPassword}>
            <PasswordInput
              numeric
              autoComplete="new-password"
              placeholder={t('account:placeholder.fundPassword')}
              value={values.confirmPassword}
              onChange={(v) => set('confirmPassword', v)}
              testId="input-confirm-password"
            />
          </Field>
        </div>
        <Button block color="primary" size="large" type="submit" loading={f.busy} data-testid="submit-fund">
          {t(props.isSet ? 'account:fund.submitChange' : 'account:fund.submitSet')}
        </Button>
      </form>
    </div>
  );
}
