import type { ReactNode } from 'react';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSignedIn } from '../../../lib/session.ts';

/**
 * Wallet screens need a session. Instead of calling the server and bouncing on a 401, a guest sees
 * why and a button to sign in (and comes back here afterwards).
 */
export function SignedInGate(props: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const location = useLocation();
  if (signedIn) return <>{props.children}</>;
  return (
    <div className="page-body">
      <div className="card">
        <ErrorBlock status="empty" title={t('guest.title')} description={t('guest.text')} fullPage={false}>
          <Button
            color="primary"
            onClick={() => navigate('/login', { state: { from: location.pathname } })}
            data-testid="wallet-login"
          >
            {t('guest.login')}
          </Button>
        </ErrorBlock>
      </div>
    </div>
  );
}

/** Loading, or a failed read with a retry button. */
export function LoadState(props: { error: boolean; retry: () => void; testId?: string }) {
  const { t } = useTranslation('wallet');
  if (!props.error) {
    return (
      <div className="wal-state" aria-busy="true" data-testid={props.testId ?? 'wallet-loading'}>
        <DotLoading color="primary" /> {t('state.loading')}
      </div>
    );
  }
  return (
    <div className="wal-state" role="alert" data-testid="wallet-load-failed">
      <div>{t('state.failed')}</div>
      <Button size="small" fill="outline" onClick={props.retry}>
        {t('state.retry')}
      </Button>
    </div>
  );
}

/** The "demo" badge shown wherever a simulated price values money (DESIGN.md §1.5). */
export function DemoBadge() {
  const { t } = useTranslation('wallet');
  return (
    <span className="wal-demo" title={t('demo.hint')} data-testid="demo-badge">
      {t('demo.label')}
    </span>
  );
}

/** One labelled row of a form with its error underneath. */
export function FormRow(props: {
  name: string;
  label: string;
  error?: string | null;
  note?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="wal-field" data-field={props.name}>
      <div className="wal-field__label">
        <span>{props.label}</span>
        {props.extra}
      </div>
      <div className="wal-field__row">{props.children}</div>
      {props.error ? (
        <div className="wal-field__error" role="alert" data-testid={`error-${props.name}`}>
          {props.error}
        </div>
      ) : props.note ? (
        <div className="wal-field__note">{props.note}</div>
      ) : null}
    </div>
  );
}

/** A label / value line of a summary. */
export function InfoLine(props: { label: ReactNode; value: ReactNode; testId?: string; strong?: boolean }) {
  return (
    <div className={'wal-line' + (props.strong ? ' wal-line--strong' : '')}>
      <span className="wal-line__label">{props.label}</span>
      <span className="wal-line__value" data-testid={props.testId}>
        {props.value}
      </span>
    </div>
  );
}
