import type { ReactNode } from 'react';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSignedIn } from '../../../lib/session.ts';

/**
 * The certification forms are not guarded by the router (spec §6 guards only the entry), so they
 * ask a guest to sign in themselves rather than call the server and bounce on a 401.
 */
export function SignedInOnly(props: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const { t } = useTranslation('kyc');
  const navigate = useNavigate();
  const location = useLocation();
  if (signedIn) return <>{props.children}</>;
  return (
    <div className="kyc-page">
      <ErrorBlock status="empty" title={t('guest.title')} description={t('guest.text')} fullPage={false}>
        <Button
          color="primary"
          onClick={() => navigate('/login', { state: { from: location.pathname } })}
          data-testid="guest-login"
        >
          {t('guest.login')}
        </Button>
      </ErrorBlock>
    </div>
  );
}

/** Loading, or a failed read with a way to try again. */
export function Loading(props: { failed: boolean; retry: () => void }) {
  const { t } = useTranslation('kyc');
  return (
    <div className="kyc-page" style={{ alignItems: 'center', paddingTop: 48 }}>
      {props.failed ? (
        <Button size="small" onClick={props.retry} data-testid="kyc-retry">
          {t('loadFailed')}
        </Button>
      ) : (
        <DotLoading color="primary" />
      )}
    </div>
  );
}
