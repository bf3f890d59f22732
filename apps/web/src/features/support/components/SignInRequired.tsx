import type { ReactNode } from 'react';
import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSignedIn } from '../../../lib/session.ts';

/**
 * Tickets and the chat belong to an account. The router guards only the identity screens (spec §6),
 * so these screens say "sign in first" themselves instead of calling the server and bouncing on 401.
 */
export function SignInRequired(props: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const location = useLocation();
  if (signedIn) return <>{props.children}</>;
  return (
    <div className="sp-page">
      <ErrorBlock status="empty" fullPage={false} title={t('signIn.title')} description={t('signIn.text')}>
        <Button
          color="primary"
          onClick={() => void navigate('/login', { state: { from: location.pathname } })}
          data-testid="support-login"
        >
          {t('signIn.button')}
        </Button>
      </ErrorBlock>
    </div>
  );
}
