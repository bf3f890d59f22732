import Checkbox from 'antd-mobile/es/components/checkbox';
import Input from 'antd-mobile/es/components/input';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useLocation } from 'react-router-dom';
import { register } from '../api/auth.ts';
import { FormRow } from '../../../components/form/FormRow.tsx';
import { NewPasswordPair } from '../components/NewPasswordPair.tsx';
import { useSignedInRedirect } from '../components/signed-in.ts';
import { TargetCodeFields, TargetTabs } from '../components/TargetFields.tsx';
import { useForm } from '../components/useForm.ts';
import { checkRegister, emptyTarget, inviteCodeFromSearch, type RegisterForm } from '../model/forms.ts';
import '../components/account.css';
import { Form } from '../../../components/form/Form.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

/** /register: e-mail or phone, code, password twice, optional invite code (from `?code=`), agreement. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const done = useSignedInRedirect();
  const f = useForm<RegisterForm>(() => ({
    ...emptyTarget('email'),
    code: '',
    password: '',
    confirmPassword: '',
    inviteCode: inviteCodeFromSearch(location.search),
    agree: false,
  }));
  const { values, set, errors } = f;

  const onSubmit = () => {
    f.submitChecked(checkRegister(values), async (body) => done(await register(body)));
  };

  return (
    <div className="acc-page">
      <h1 className="acc-heading">{t('account:register.title')}</h1>
      <TargetTabs type={values.type} onChange={(v) => set('type', v)} />
      <Form onSubmit={onSubmit}>
        <div className="acc-card">
          <TargetCodeFields form={values} message={f.message} set={set} addErrors={f.addErrors} purpose="register" />
          <NewPasswordPair form={f} label="password" />
          <FormRow name="inviteCode" label={t('account:field.inviteCode')} error={f.message('inviteCode')}>
            <Input
              placeholder={t('account:placeholder.inviteCode')}
              maxLength={32}
              value={values.inviteCode}
              onChange={(v) => set('inviteCode', v)}
              data-testid="input-invite-code"
            />
          </FormRow>
        </div>
        <div className="acc-agree">
          <Checkbox checked={values.agree} onChange={(v) => set('agree', v)} data-testid="agree">
            {t('account:register.agreePrefix')}{' '}
          </Checkbox>
          <Link to="/documentDetail/user_agreement" className="acc-link" data-testid="link-agreement">
            {t('account:register.agreement')}
          </Link>
          {errors.agree ? (
            <div className="acc-field-error" role="alert" data-testid="error-agree">
              {f.message('agree')}
            </div>
          ) : null}
        </div>
        <SubmitButton busy={f.busy} testId="submit-register">
          {t('account:register.submit')}
        </SubmitButton>
      </Form>
      <div className="acc-links">
        <span>
          {t('account:register.haveAccount')}{' '}
          <Link to="/login" replace>
            {t('account:register.toLogin')}
          </Link>
        </span>
      </div>
    </div>
  );
}
