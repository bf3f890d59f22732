import Toast from 'antd-mobile/es/components/toast';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { retrievePassword } from '../api/auth.ts';
import { NewPasswordPair } from '../components/NewPasswordPair.tsx';
import { TargetCodeFields, TargetTabs } from '../components/TargetFields.tsx';
import { useForm } from '../components/useForm.ts';
import { checkRetrieve, emptyTarget, type RetrieveForm } from '../model/forms.ts';
import { useSession } from '../../../lib/session.ts';
import '../components/account.css';
import { Form } from '../../../components/form/Form.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

/** /retrieve: reset the login password with a code sent to the account's e-mail or phone. */
export default function RetrievePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = useForm<RetrieveForm>(() => ({ ...emptyTarget('email'), code: '', password: '', confirmPassword: '' }));
  const { values, set } = f;

  const onSubmit = () => {
    f.submitChecked(checkRetrieve(values), async (body) => {
      await retrievePassword(body);
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
      <Form onSubmit={onSubmit}>
        <div className="acc-card">
          <TargetCodeFields form={values} message={f.message} set={set} addErrors={f.addErrors} purpose="retrieve" />
          <NewPasswordPair form={f} label="newPassword" />
        </div>
        <SubmitButton busy={f.busy} testId="submit-retrieve">
          {t('account:retrieve.submit')}
        </SubmitButton>
      </Form>
    </div>
  );
}
