import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { kycStatusQuery } from '../api/kyc.ts';
import '../components/kyc.css';

/**
 * The user's verification state for the user centre's identity entry: the certified level, or the
 * state of the latest application ("Under certification", "Rejected", "Not certified").
 */
export function IdentityStateLabel() {
  const { t } = useTranslation('kyc');
  const status = useQuery(kycStatusQuery());
  if (!status.data) return null;
  const s = status.data;
  const text = s.state === 'certified' ? t(`level.${s.level}`) : t(`state.${s.state}`);
  return (
    <span data-testid="mine-kyc-state" data-state={s.state} data-level={s.level}>
      {text}
    </span>
  );
}
