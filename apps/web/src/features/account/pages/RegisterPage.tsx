import { Button, Checkbox, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { register } from '../api/auth.ts';
import { Field } from '../components/Field.tsx';
import { SendCodeButton } from '../components/SendCodeButton.tsx';
import { useSignedInRedirect } from '../components/signed-in.ts';
import { CodeInput, PasswordInput, TargetFields, TargetTabs } from '../components/TargetFields.tsx';
import { useForm } from '../components/useForm.ts';
import {
  checkCodeTarget,
  checkRegister,
  emptyTarget,
  inviteCodeFromSearch,
  type RegisterForm,
} from '../model/forms.ts';
import '../components/account.css';

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

  const codeTarget = () => {
    const r = checkCodeTarget(values);
    if (r.ok) return r.value;
    f.setErrors((e) => ({ ...e, ...r.errors }));
    return null;
  };

  const onSubmit = () => {
    const checked = checkRegister(values);
    if (!checked.ok) return f.setErrors(checked.errors);
    void f.submit(async () => done(await register(checked.value)));
  };

  return (
    <div className="acc-page">
      <h1 className="acc-heading">{t('account:register.title')}</h1>
      <TargetTabs type={values.type} onChange={(v) => set('type', v)} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <div className="acc-card">
          <TargetFields form={values} errors={errors} set={set} />
          <Field name="code" label={t('account:field.code')} error={errors.code}>
            <CodeInput
              placeholder={t('account:placeholder.code')}
              value={values.code}
              onChange={(v) => set('code', v)}
              testId="input-code"
            />
            <SendCodeButton purpose="register" target={codeTarget} />
          </Field>
          <Field
            name="password"
            label={t('account:field.password')}
            error={errors.password}
            note={t('account:rule.password')}
          >
            <PasswordInput
              autoComplete="new-password"
              placeholder={t('account:placeholder.password')}
              value={values.password}
              onChange={(v) => set('password', v)}
              testId="input-password"
            />
          </Field>
          <Field name="confirmPassword" label={t('account:field.confirmPassword')} error={errors.confirmPassword}>
            <PasswordInput
              autoComplete="new-password"
              placeholder={t('account:placeholder.confirmPassword')}
              value={values.confirmPassword}
              onChange={(v) => set('confirmPassword', v)}
              testId="input-confirm-password"
            />
          </Field>
          <Field name="inviteCode" label={t('account:field.inviteCode')} error={errors.inviteCode}>
            <Input
              placeholder={t('account:placeholder.inviteCode')}
              maxLength={32}
              value={values.inviteCode}
              onChange={(v) => set('inviteCode', v)}
              data-testid="input-invite-code"
            />
          </Field>
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
              {t(errors.agree)}
            </div>
          ) : null}
        </div>
        <Button block color="primary" size="large" type="submit" loading={f.busy} data-testid="submit-register">
          {t('account:register.submit')}
        </Button>
      </form>
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
