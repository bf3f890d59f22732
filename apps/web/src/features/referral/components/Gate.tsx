import type { ReactNode } from 'react';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSignedIn } from '../../../lib/session.ts';

/** Invite, team and credit need a session; the router does not guard them (spec §6), so they ask. */
export function SignedInOnly(props: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const { t } = useTranslation('referral');
  const navigate = useNavigate();
  const location = useLocation();
  if (signedIn) return <>{props.children}</>;
  return (
    <div className="ref-page">
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

export function Loading(props: { failed: boolean; retry: () => void }) {
  const { t } = useTranslation('referral');
  return (
    <div className="ref-page" style={{ alignItems: 'center', paddingTop: 48 }}>
      {props.failed ? (
        <Button size="small" onClick={props.retry} data-testid="ref-retry">
          {t('loadFailed')}
        </Button>
      ) : (
        <DotLoading color="primary" />
      )}
    </div>
  );
}
