import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LoadState } from '../../../components/LoadState.tsx';
import { SignInGate } from '../../../components/SignInGate.tsx';
import { kycStatusQuery, type KycStatus } from '../api/kyc.ts';
import { BindFirst } from './BindFirst.tsx';
import './kyc.css';

/**
 * What both verification forms ask first: a session, the user's verification status, and the e-mail
 * and phone bound (else the way to bind them). Then the form's own screen, with the status.
 */
export function KycFormPage({ screen: Screen }: { screen: ComponentType<{ status: KycStatus }> }) {
  return (
    <SignInGate feature="kyc">
      <WithStatus screen={Screen} />
    </SignInGate>
  );
}

function WithStatus({ screen: Screen }: { screen: ComponentType<{ status: KycStatus }> }) {
  const status = useQuery(kycStatusQuery());
  if (!status.data) return <LoadState of={[status]} />;
  const s = status.data;
  if (!s.emailBound || !s.phoneBound) {
    return (
      <div className="page-stack">
        <BindFirst emailBound={s.emailBound} phoneBound={s.phoneBound} />
      </div>
    );
  }
  return <Screen status={s} />;
}
