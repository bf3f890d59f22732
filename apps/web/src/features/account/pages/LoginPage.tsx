import Toast from 'antd-mobile/es/components/toast';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api.ts';
import { login } from '../api/auth.ts';
import { CodeField } from '../../../components/form/CodeField.tsx';
import { CurrentPasswordField } from '../components/CurrentPasswordField.tsx';
import { useSignedInRedirect } from '../components/signed-in.ts';
import { TargetFields, TargetTabs } from '../components/TargetFields.tsx';
import { useForm } from '../components/useForm.ts';
import { checkLogin, codeTargetOf, emptyTarget, type LoginForm } from '../model/forms.ts';
import '../components/account.css';
import { Form } from '../../../components/form/Form.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

/**
 * /login: e-mail or phone and password; the authenticator code once the server asks for it, and a
 * code sent to the account's e-mail or phone once the server asks for that (after repeated failed
 * sign-ins on the account).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const done = useSignedInRedirect();
  const f = useForm<LoginForm>(() => ({
    ...emptyTarget('email'),
    password: '',
    totpCode: '',
    totpRequired: false,
    loginCode: '',
    loginCodeRequired: false,
  }));
  const { values, set } = f;
  const codeTarget = () => codeTargetOf(values, f.addErrors);

  const onSubmit = () => {
    const checked = checkLogin(values);
    if (!checked.ok) return f.setErrors(checked.errors);
    void f.submit(async () => {
      try {
        // silent: a TOTP request is a next step, not an error toast; other errors are toasted below
        done(await login(checked.value, { silent: true }));
      } catch (err) {
        if (err instanceof ApiError && err.error === 'LOGIN_CODE_REQUIRED') {
          set('loginCodeRequired', true);
          Toast.show({ content: err.message });
        } else if (err instanceof ApiError && err.field === 'loginCode') {
          // a wrong, expired or locked sign-in code: the server's message says which
          f.setErrors({ loginCode: 'account:errors.codeInvalid' });
          Toast.show({ content: err.message });
        } else if (err instanceof ApiError && (err.error === 'TOTP_REQUIRED' || err.error === 'TOTP_INVALID')) {
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
      <Form onSubmit={onSubmit}>
        <div className="acc-card">
          <TargetFields form={values} message={f.message} set={set} />
          <CurrentPasswordField
            form={f}
            name="password"
            label="password"
            placeholder="password"
            testId="input-password"
          />
          {values.loginCodeRequired ? (
            <CodeField
              name="loginCode"
              label={t('account:field.loginCode')}
              error={f.message('loginCode')}
              note={t('account:login.codeRequired')}
              placeholder={t('account:placeholder.loginCode')}
              value={values.loginCode}
              onChange={(v) => set('loginCode', v)}
              testId="input-login-code"
              send={{ purpose: 'login', target: codeTarget, testId: 'send-login-code' }}
            />
          ) : null}
          {values.totpRequired ? (
            <CodeField
              name="totpCode"
              label={t('account:field.totpCode')}
              error={f.message('totpCode')}
              note={t('account:login.totpRequired')}
              placeholder={t('account:placeholder.totpCode')}
              value={values.totpCode}
              onChange={(v) => set('totpCode', v)}
              testId="input-totp"
            />
          ) : null}
        </div>
        <div className="acc-actions">
          <SubmitButton busy={f.busy} testId="submit-login">
            {t('account:login.submit')}
          </SubmitButton>
        </div>
      </Form>
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
