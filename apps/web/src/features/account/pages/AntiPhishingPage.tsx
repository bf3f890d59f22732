import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { antiPhishingKey, antiPhishingQuery, setAntiPhishing } from '../api/anti-phishing.ts';
import { FormRow } from '../../../components/form/FormRow.tsx';
import { CurrentPasswordField } from '../components/CurrentPasswordField.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { useForm } from '../components/useForm.ts';
import { checkAntiPhishing } from '../model/forms.ts';
import '../components/account.css';
import { Form } from '../../../components/form/Form.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

/**
 * /mine/antiPhishing: the code every e-mail from the platform carries. The current one is shown
 * masked (a screenshot or a shoulder-surfer does not learn it); saving a new one needs the login password.
 */
export default signedInPage('account', AntiPhishing);

function AntiPhishing() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = useQuery(antiPhishingQuery());
  const f = useForm({ code: '', password: '' });
  const { values, set } = f;

  if (!current.data) return <LoadState of={[current]} />;

  const onSubmit = () => {
    f.submitChecked(checkAntiPhishing(values), async (body) => {
      const saved = await setAntiPhishing(body);
      queryClient.setQueryData(antiPhishingKey, saved);
      Toast.show({ content: t('account:antiPhishing.saved') });
      navigate('/mine/security', { replace: true });
    });
  };

  return (
    <div className="acc-page">
      <p className="acc-hint" data-testid="anti-phishing-intro">
        {t('account:antiPhishing.intro')}
      </p>
      <div className="acc-card">
        <div className="acc-row" data-testid="anti-phishing-current">
          <span>{t('account:antiPhishing.current')}</span>
          <strong>{current.data.masked ?? t('account:mine.notSet')}</strong>
        </div>
      </div>
      <Form onSubmit={onSubmit}>
        <div className="acc-card">
          <FormRow
            name="code"
            label={t('account:field.antiPhishingCode')}
            error={f.message('code')}
            note={t('account:rule.antiPhishing')}
          >
            <Input
              autoComplete="off"
              maxLength={20}
              placeholder={t('account:placeholder.antiPhishingCode')}
              value={values.code}
              onChange={(v) => set('code', v)}
              data-testid="input-anti-phishing"
            />
          </FormRow>
          <CurrentPasswordField
            form={f}
            name="password"
            label="loginPassword"
            placeholder="oldPassword"
            testId="input-password"
          />
        </div>
        <SubmitButton busy={f.busy} testId="submit-anti-phishing">
          {t('account:antiPhishing.submit')}
        </SubmitButton>
      </Form>
    </div>
  );
}
