import type { ComponentType, ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../lib/use-translation.ts';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSignedIn } from '../lib/session.ts';
import { EmptyState } from './EmptyState.tsx';

/** The features whose screens need a session; each says why in `<feature>:guest.title` and `.text`. */
export type GatedFeature =
  'account' | 'coupon' | 'cycle' | 'earn' | 'kyc' | 'referral' | 'responsible' | 'support' | 'wallet';

/**
 * A screen that needs a session. The router guards only the identity screens (spec §6), so the
 * others ask a guest to sign in themselves instead of calling the server and bouncing on a 401;
 * after signing in the user comes back here.
 */
export function SignInGate(props: { feature: GatedFeature; children: ReactNode }) {
  const signedIn = useSignedIn();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  if (signedIn) return <>{props.children}</>;
  return (
    <div className="page-body">
      <div className="card">
        {/* the app's own empty state, not antd-mobile's ErrorBlock: its illustrations were 9 KB of every gated screen */}
        <EmptyState
          testId="guest-gate"
          title={t(`${props.feature}:guest.title`)}
          text={t(`${props.feature}:guest.text`)}
          action={
            <Button
              color="primary"
              onClick={() => void navigate('/login', { state: { from: location.pathname } })}
              data-testid="guest-login"
            >
              {t('common:gate.login')}
            </Button>
          }
        />
      </div>
    </div>
  );
}

/**
 * A route's page that is all behind the gate: `Screen` runs (and fetches) only for a signed-in user,
 * a guest gets the invitation above. Pages export `signedInPage('wallet', Transfer)` as their default.
 */
export function signedInPage(feature: GatedFeature, Screen: ComponentType): ComponentType {
  function SignedInPage() {
    return (
      <SignInGate feature={feature}>
        <Screen />
      </SignInGate>
    );
  }
  SignedInPage.displayName = `SignedInPage(${Screen.displayName ?? Screen.name})`;
  return SignedInPage;
}
