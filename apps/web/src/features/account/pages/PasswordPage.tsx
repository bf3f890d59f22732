import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ChangePasswordRequest } from '@tidemark/contract';
import { changePassword } from '../api/account.ts';
import { Field } from '../components/Field.tsx';
import { SignedInOnly } from '../components/SignedInOnly.tsx';
import { PasswordInput } from '../components/TargetFields.tsx';
import { useForm } from '../components/useForm.ts';
import { check } from '../model/form-errors.ts';
import '../components/account.css';

/** /mine/password: change the login password (the server logs out the other devices). */
export default function PasswordPage() {
  return (
    <SignedInOnly>
      <ChangePasswordForm />
    </SignedInOnly>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = useForm({ oldPassword: '', password: '', confirmPassword: '' });
  const { values, set, errors } = f;

  const onSubmit = () => {
    const checked = check(ChangePasswordRequest, values);
    if (!checked.ok) return f.setErrors(checked.errors);
    void f.submit(async () => {
      await changePassword(checked.value);
      Toast.show({ content: t('account:password.success') });
      navigate('/mine/security', { replace: true });
    });
  };

  return (
    <div className="acc-page">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <div className="acc-card">
          <Field name="oldPassword" label={t('account:field.oldPassword')} error={errors.oldPassword}>
            <PasswordInput
              autoComplete="current-password"
              placeholder={t('account:placeholder.oldPassword')}
              value={values.oldPassword}
              onChange={(v) => set('oldPassword', v)}
              testId="input-old-password"
            />
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
        <Button block color="primary" size="large" type="submit" loading={f.busy} data-testid="submit-password">
          {t('account:password.submit')}
        </Button>
      </form>
    </div>
  );
}
