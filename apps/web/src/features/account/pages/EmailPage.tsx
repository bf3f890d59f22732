import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { accountInfoQuery, bindEmail } from '../api/account.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { BindAddressForm } from '../components/BindAddressForm.tsx';
import { checkBindEmail } from '../model/forms.ts';
import '../components/account.css';

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
  return (
    <BindAddressForm
      type="email"
      intro={
        <p className="acc-hint" style={{ marginTop: 0 }}>
          {t('account:email.hint')}
        </p>
      }
      check={(v) => checkBindEmail({ email: v.email, code: v.code })}
      bind={bindEmail}
      success={t('account:email.success')}
      submit={t('account:email.submit')}
      testId="submit-email"
    />
  );
}
