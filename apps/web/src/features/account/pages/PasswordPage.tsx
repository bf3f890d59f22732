import Toast from 'antd-mobile/es/components/toast';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { changePassword } from '../api/account.ts';
import { CurrentPasswordField } from '../components/CurrentPasswordField.tsx';
import { NewPasswordPair } from '../components/NewPasswordPair.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { useForm } from '../components/useForm.ts';
import { checkChangePassword } from '../model/forms.ts';
import '../components/account.css';
import { Form } from '../../../components/form/Form.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

/** /mine/password: change the login password (the server logs out the other devices). */
export default signedInPage('account', ChangePasswordForm);

function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = useForm({ oldPassword: '', password: '', confirmPassword: '' });
  const { values } = f;

  const onSubmit = () => {
    f.submitChecked(checkChangePassword(values), async (body) => {
      await changePassword(body);
      Toast.show({ content: t('account:password.success') });
      navigate('/mine/security', { replace: true });
    });
  };

  return (
    <div className="acc-page">
      <Form onSubmit={onSubmit}>
        <div className="acc-card">
          <CurrentPasswordField
            form={f}
            name="oldPassword"
            label="oldPassword"
            placeholder="oldPassword"
            testId="input-old-password"
          />
          <NewPasswordPair form={f} label="newPassword" />
        </div>
        <SubmitButton busy={f.busy} testId="submit-password">
          {t('account:password.submit')}
        </SubmitButton>
      </Form>
    </div>
  );
}
