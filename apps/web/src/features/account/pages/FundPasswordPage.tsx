import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { accountInfoQuery, accountKeys, changeFundPassword, setFundPassword } from '../api/account.ts';
import { CurrentPasswordField } from '../components/CurrentPasswordField.tsx';
import { PasswordPair } from '../../../components/form/PasswordPair.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { useForm } from '../components/useForm.ts';
import { checkChangeFundPassword, checkSetFundPassword } from '../model/forms.ts';
import '../components/account.css';
import type { ChangeFundPasswordRequest, SetFundPasswordRequest } from '@tidemark/contract';
import type { Checked } from '../../../components/form/field-checks.ts';
import { useDetour } from '../../../lib/detour.ts';
import { Form } from '../../../components/form/Form.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

/** /mine/fund: set the fund password the first time (proven by the login password), or change it. */
export default signedInPage('account', FundPassword);

function FundPassword() {
  const info = useQuery(accountInfoQuery());
  if (!info.data) return <LoadState of={[info]} />;
  return <FundPasswordForm isSet={info.data.fundPasswordSet} />;
}

function FundPasswordForm(props: { isSet: boolean }) {
  const { t } = useTranslation();
  // reached as a prerequisite of another screen: back there when done
  const detour = useDetour();
  const queryClient = useQueryClient();
  const f = useForm({ oldFundPassword: '', loginPassword: '', fundPassword: '', confirmPassword: '' });
  const { values, set } = f;

  const onSubmit = () => {
    const { fundPassword, confirmPassword } = values;
    const checked: Checked<ChangeFundPasswordRequest | SetFundPasswordRequest> = props.isSet
      ? checkChangeFundPassword({ oldFundPassword: values.oldFundPassword, fundPassword, confirmPassword })
      : checkSetFundPassword({ loginPassword: values.loginPassword, fundPassword, confirmPassword });
    f.submitChecked(checked, async (body) => {
      if ('oldFundPassword' in body) await changeFundPassword(body);
      else await setFundPassword(body);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      Toast.show({ content: t(props.isSet ? 'account:fund.successChange' : 'account:fund.successSet') });
      detour.finish('/mine/security');
    });
  };

  return (
    <div className="acc-page">
      <h1 className="acc-heading">{t(props.isSet ? 'account:fund.changeTitle' : 'account:fund.setTitle')}</h1>
      <p className="acc-hint">{t('account:fund.hint')}</p>
      <Form onSubmit={onSubmit}>
        <div className="acc-card">
          {props.isSet ? (
            <CurrentPasswordField
              form={f}
              name="oldFundPassword"
              label="oldFundPassword"
              placeholder="fundPassword"
              testId="input-old-fund-password"
              numeric
            />
          ) : (
            <CurrentPasswordField
              form={f}
              name="loginPassword"
              label="loginPassword"
              placeholder="loginPassword"
              testId="input-login-password"
            />
          )}
          <PasswordPair
            kind="fund"
            name="fundPassword"
            label={t('account:field.fundPassword')}
            values={{ password: values.fundPassword, confirmPassword: values.confirmPassword }}
            errors={{ password: f.message('fundPassword'), confirmPassword: f.message('confirmPassword') }}
            onChange={(k, v) => set(k === 'password' ? 'fundPassword' : k, v)}
          />
        </div>
        <SubmitButton busy={f.busy} testId="submit-fund">
          {t(props.isSet ? 'account:fund.submitChange' : 'account:fund.submitSet')}
        </SubmitButton>
      </Form>
    </div>
  );
}
