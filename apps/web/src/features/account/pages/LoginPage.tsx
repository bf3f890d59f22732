import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api.ts';
import { login } from '../api/auth.ts';
import { Field } from '../components/Field.tsx';
import { useSignedInRedirect } from '../components/signed-in.ts';
import { CodeInput, PasswordInput, TargetFields, TargetTabs } from '../components/TargetFields.tsx';
import { useForm } from '../components/useForm.ts';
import { checkLogin, emptyTarget, type LoginForm } from '../model/forms.ts';
import '../components/account.css';

/** /login: e-mail or phone and password; the authenticator code once the server asks for it. */
export default function LoginPage() {
  const { t } = useTranslation();
  const done = useSignedInRedirect();
  const f = useForm<LoginForm>(() => ({ ...emptyTarget('email'), password: '', totpCode: '', totpRequired: false }));
  const { values, set, errors } = f;

  const onSubmit = () => {
    const checked = checkLogin(values);
    if (!checked.ok) return f.setErrors(checked.errors);
    void f.submit(async () => {
      try {
        // silent: a TOTP request is a next step, not an error toast; other errors are toasted below
        done(await login(checked.value, { silent: true }));
      } catch (err) {
        if (err instanceof ApiError && (err.error === 'TOTP_REQUIRED' || err.error === 'TOTP_INVALID')) {
          set('totpRequired', true);
          if (err.error === 'TOTP_INVALID' || values.totpRequired)
            f.setErrors({ totpCode: 'account:errors.totpInvalid' });
          Toast.show({ content: err.message });
        } else if (err instanceof ApiError && err.kind === 'server') {
          Toast.show({ content: err.message });
        }
        throw err;
      }
    });
  };

  return (
    <div className="acc-page">
      <h1 className="acc-heading">{t('account:login.welcome')}</h1>
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
          <Field name="password" label={t('account:field.password')} error={errors.password}>
            <PasswordInput
              autoComplete="current-password"
              placeholder={t('account:placeholder.password')}
              value={values.password}
              onChange={(v) => set('password', v)}
              testId="input-password"
            />
          </Field>
          {values.totpRequired ? (
            <Field
              name="totpCode"
              label={t('account:field.totpCode')}
              error={errors.totpCode}
              note={t('account:login.totpRequired')}
            >
              <CodeInput
                placeholder={t('account:placeholder.totpCode')}
                value={values.totpCode}
                onChange={(v) => set('totpCode', v)}
                testId="input-totp"
              />
            </Field>
          ) : null}
        </div>
        <div className="acc-actions">
          <Button block color="primary" size="large" type="submit" loading={f.busy} data-testid="submit-login">
            {t('account:login.submit')}
          </Button>
        </div>
      </form>
      <div className="acc-links">
        <span>
          {t('account:login.noAccount')}{' '}
          <Link to="/register" data-testid="link-register">
            {t('account:login.toRegister')}
          </Link>
        </span>
        <Link to="/retrieve" data-testid="link-retrieve">
          {t('account:login.forgot')}
        </Link>
      </div>
    </div>
  );
}
