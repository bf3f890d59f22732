import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { retrievePassword } from '../api/auth.ts';
import { Field } from '../components/Field.tsx';
import { SendCodeButton } from '../components/SendCodeButton.tsx';
import { CodeInput, PasswordInput, TargetFields, TargetTabs } from '../components/TargetFields.tsx';
import { useForm } from '../components/useForm.ts';
import { checkCodeTarget, checkRetrieve, emptyTarget, type RetrieveForm } from '../model/forms.ts';
import { useSession } from '../../../lib/session.ts';
import '../components/account.css';

/** /retrieve: reset the login password with a code sent to the account's e-mail or phone. */
export default function RetrievePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = useForm<RetrieveForm>(() => ({ ...emptyTarget('email'), code: '', password: '', confirmPassword: '' }));
  const { values, set, errors } = f;

  const codeTarget = () => {
    const r = checkCodeTarget(values);
    if (r.ok) return r.value;
    f.setErrors((e) => ({ ...e, ...r.errors }));
    return null;
  };

  const onSubmit = () => {
    const checked = checkRetrieve(values);
    if (!checked.ok) return f.setErrors(checked.errors);
    void f.submit(async () => {
      await retrievePassword(checked.value);
      // the server ended every session of the account; this device must sign in again too
      useSession.getState().signOut();
      Toast.show({ content: t('account:retrieve.success') });
      navigate('/login', { replace: true });
    });
  };

  return (
    <div className="acc-page">
      <h1 className="acc-heading">{t('account:retrieve.title')}</h1>
      <p className="acc-hint">{t('account:retrieve.hint')}</p>
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
            <SendCodeButton purpose="retrieve" target={codeTarget} />
          </Field>
          <Field
            name="password"
            label={t('account:field.newPassword')}
            error={errors.password}
            note={t('account:rule.password')}
          >
            <PasswordInput
              autoComplete="new-password"
              placeholder={t('account:placeholder.newPassword')}
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
        </div>
        <Button block color="primary" size="large" type="submit" loading={f.busy} data-testid="submit-retrieve">
          {t('account:retrieve.submit')}
        </Button>
      </form>
    </div>
  );
}
