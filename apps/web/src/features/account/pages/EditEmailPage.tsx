import Button from 'antd-mobile/es/components/button';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { accountInfoQuery, accountKeys, changeEmail } from '../api/account.ts';
import { CodeField } from '../../../components/form/CodeField.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { TargetFields } from '../components/TargetFields.tsx';
import { useForm } from '../components/useForm.ts';
import { checkChangeEmail, codeTargetOf, emptyTarget } from '../model/forms.ts';
import '../components/account.css';
import { Form } from '../../../components/form/Form.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

/** /mine/editEmail: a code to the current address proves ownership, a code to the new one proves it works. */
export default signedInPage('account', EditEmail);

function EditEmail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useQuery(accountInfoQuery());
  if (!info.data) return <LoadState of={[info]} />;
  if (!info.data.email) {
    return (
      <div className="acc-page">
        <p className="acc-hint" style={{ marginTop: 0 }}>
          {t('account:editEmail.noEmail')}
        </p>
        <Button block color="primary" size="large" onClick={() => navigate('/mine/email', { replace: true })}>
          {t('account:editEmail.toBind')}
        </Button>
      </div>
    );
  }
  return <EditEmailForm current={info.data.email} />;
}

function EditEmailForm(props: { current: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const f = useForm({ oldCode: '', email: '', newCode: '' });
  const { values, set } = f;

  const newTarget = () => codeTargetOf({ ...emptyTarget('email'), email: values.email }, f.addErrors);

  const onSubmit = () => {
    f.submitChecked(checkChangeEmail(values), async (body) => {
      await changeEmail(body);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      Toast.show({ content: t('account:editEmail.success') });
      navigate('/mine/security', { replace: true });
    });
  };

  return (
    <div className="acc-page">
      <p className="acc-hint" style={{ marginTop: 0 }}>
        {t('account:email.current', { email: props.current })}
      </p>
      <p className="acc-hint" style={{ marginTop: 0 }}>
        {t('account:editEmail.hint')}
      </p>
      <Form onSubmit={onSubmit}>
        <div className="acc-card">
          {/* no address for the first code: the server sends it to the e-mail bound to the account */}
          <CodeField
            name="oldCode"
            label={t('account:field.oldEmailCode')}
            value={values.oldCode}
            onChange={(v) => set('oldCode', v)}
            error={f.message('oldCode')}
            testId="input-old-code"
            send={{ purpose: 'change_email', target: () => ({ channel: 'email' }), testId: 'send-old-code' }}
          />
          <TargetFields
            form={{ ...emptyTarget('email'), email: values.email }}
            message={f.message}
            set={(k, v) => {
              if (k === 'email') set('email', v);
            }}
            emailLabel={t('account:field.newEmail')}
          />
          <CodeField
            name="newCode"
            label={t('account:field.newEmailCode')}
            value={values.newCode}
            onChange={(v) => set('newCode', v)}
            error={f.message('newCode')}
            testId="input-new-code"
            send={{ purpose: 'change_email', target: newTarget, testId: 'send-new-code' }}
          />
        </div>
        <SubmitButton busy={f.busy} testId="submit-edit-email">
          {t('account:editEmail.submit')}
        </SubmitButton>
      </Form>
    </div>
  );
}
