import Button from 'antd-mobile/es/components/button';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { accountInfoQuery, accountKeys, bindEmail } from '../api/account.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { TargetCodeFields } from '../components/TargetFields.tsx';
import { useForm } from '../components/useForm.ts';
import { checkBindEmail, emptyTarget, type TargetForm } from '../model/forms.ts';
import '../components/account.css';
import { useDetour } from '../../../lib/detour.ts';
import { Form } from '../../../components/form/Form.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

/** /mine/email: bind an e-mail (a bound one is changed on /mine/editEmail, with codes to both). */
export default signedInPage('account', EmailScreen);

function EmailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useQuery(accountInfoQuery());
  if (!info.data) return <LoadState of={[info]} />;
  if (info.data.email) {
    return (
      <div className="acc-page">
        <div className="acc-card" style={{ padding: 16 }}>
          <div className="acc-step">{t('account:email.alreadyBound')}</div>
          <div className="acc-profile-name" data-testid="bound-email">
            {info.data.email}
          </div>
        </div>
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate('/mine/editEmail')}
          data-testid="to-edit-email"
        >
          {t('account:email.change')}
        </Button>
      </div>
    );
  }
  return <BindEmailForm />;
}

function BindEmailForm() {
  const { t } = useTranslation();
  // reached as a prerequisite of another screen: back there when done
  const detour = useDetour();
  const queryClient = useQueryClient();
  const f = useForm<TargetForm & { code: string }>(() => ({ ...emptyTarget('email'), code: '' }));
  const { values, set } = f;

  const onSubmit = () => {
    const checked = checkBindEmail({ email: values.email, code: values.code });
    if (!checked.ok) return f.setErrors(checked.errors);
    void f.submit(async () => {
      await bindEmail(checked.value);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      Toast.show({ content: t('account:email.success') });
      detour.finish('/mine/security');
    });
  };

  return (
    <div className="acc-page">
      <p className="acc-hint" style={{ marginTop: 0 }}>
        {t('account:email.hint')}
      </p>
      <Form onSubmit={onSubmit}>
        <div className="acc-card">
          <TargetCodeFields form={values} message={f.message} set={set} addErrors={f.addErrors} purpose="bind" />
        </div>
        <SubmitButton busy={f.busy} testId="submit-email">
          {t('account:email.submit')}
        </SubmitButton>
      </Form>
    </div>
  );
}
