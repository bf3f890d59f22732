import type { ReactNode } from 'react';
import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSignedIn } from '../../../lib/session.ts';

/**
 * Account-centre screens need a session. The router guards only the identity screens (spec §6), so
 * the others say so themselves instead of calling the server and bouncing on a 401.
 */
export function SignedInOnly(props: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  if (signedIn) return <>{props.children}</>;
  return (
    <div className="acc-page">
      <ErrorBlock
        status="empty"
        title={t('account:mine.guest')}
        description={t('account:mine.guestHint')}
        fullPage={false}
      >
        <Button
          color="primary"
          onClick={() => navigate('/login', { state: { from: location.pathname } })}
          data-testid="guest-login"
        >
          {t('account:mine.loginOrRegister')}
        </Button>
      </ErrorBlock>
    </div>
  );
}

/** A small loading / failed state for the account reads. */
export function LoadState(props: { error: boolean; retry: () => void }) {
  const { t } = useTranslation();
  if (props.error) {
    return (
      <button type="button" className="acc-plain-button acc-hint acc-load-state" onClick={props.retry}>
        {t('account:common.loadFailed')}
      </button>
    );
  }
  return <div className="acc-hint acc-load-state">{t('account:common.loading')}</div>;
}
