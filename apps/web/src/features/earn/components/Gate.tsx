import type { ReactNode } from 'react';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSignedIn } from '../../../lib/session.ts';

/** A signed-in screen: a guest sees why and a way to sign in (and comes back here afterwards). */
export function SignedInGate(props: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const { t } = useTranslation('earn');
  const navigate = useNavigate();
  const location = useLocation();
  if (signedIn) return <>{props.children}</>;
  return (
    <div className="earn-page">
      <div className="earn-card">
        <ErrorBlock status="empty" title={t('guest.title')} description={t('guest.text')} fullPage={false}>
          <Button
            color="primary"
            onClick={() => navigate('/login', { state: { from: location.pathname } })}
            data-testid="earn-login"
          >
            {t('guest.login')}
          </Button>
        </ErrorBlock>
      </div>
    </div>
  );
}

/** Loading, or a failed read with a retry button. */
export function LoadState(props: { error: boolean; retry: () => void }) {
  const { t } = useTranslation('earn');
  if (!props.error) {
    return (
      <div className="earn-state" aria-busy="true">
        <DotLoading color="primary" /> {t('state.loading')}
      </div>
    );
  }
  return (
    <div className="earn-state" role="alert">
      <div>{t('state.failed')}</div>
      <Button size="small" fill="outline" onClick={props.retry}>
        {t('state.retry')}
      </Button>
    </div>
  );
}

/** A label and a value on one line. */
export function Line(props: { label: ReactNode; children: ReactNode; testId?: string; tone?: 'strong' | 'warn' }) {
  return (
    <div className={`earn-line${props.tone ? ` earn-line--${props.tone}` : ''}`}>
      <span>{props.label}</span>
      <b data-testid={props.testId}>{props.children}</b>
    </div>
  );
}
