import { useState } from 'react';
import { ActionButton } from './ActionButton.tsx';
import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../lib/use-translation.ts';
import { ApiError, apiPost } from '../lib/api.ts';
import './fund-inline.css';

/** Whether the signed-in user has a fund password (undefined while loading). */
export function useFundPasswordSet(): boolean | undefined {
  const q = useQuery({
    queryKey: ['account', 'security', 'fund-password'] as const,
    queryFn: () => apiPost<{ fundPasswordSet: boolean }>('/xb/v1/account/security'),
  });
  return q.data?.fundPasswordSet;
}

/**
 * Sets the first fund password right where a money form asks for it (staking's confirm sheet, a
 * withdrawal), so a newcomer is not sent away from what they were doing. The same call as the
 * security centre's page (proven by the login password); every read then refetches, and the form
 * carries on with what was entered.
 */
export function FundPasswordInline(props: { onDone?: () => void }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [fundPassword, setFund] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [loginPassword, setLogin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!/^\d{6}$/.test(fundPassword)) return setError(t('errors.fundPasswordRule'));
    if (fundPassword !== confirmPassword) return setError(t('errors.passwordMismatch'));
    if (!loginPassword) return setError(t('errors.passwordEmpty'));
    setBusy(true);
    try {
      await apiPost(
        '/xb/v1/account/fund-password/set',
        { fundPassword, confirmPassword, loginPassword },
        { silent: true },
      );
      Toast.show({ icon: 'success', content: t('fund.successSet') });
      await queryClient.invalidateQueries();
      props.onDone?.();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const field = (label: string, value: string, set: (v: string) => void, testId: string, digits: boolean) => (
    <label className="fund-inline__field">
      <span>{label}</span>
      <Input
        type="password"
        autoComplete="off"
        inputMode={digits ? 'numeric' : 'text'}
        maxLength={digits ? 6 : 64}
        value={value}
        onChange={(v) => {
          set(v);
          setError(null);
        }}
        data-testid={testId}
      />
    </label>
  );

  return (
    <div className="fund-inline" data-testid="fund-password-inline">
      <p className="fund-inline__text">{t('fund.inlineNotSet')}</p>
      {field(t('field.fundPassword'), fundPassword, setFund, 'inline-fund-password', true)}
      {field(t('field.confirmPassword'), confirmPassword, setConfirm, 'inline-fund-confirm', true)}
      {field(t('field.loginPassword'), loginPassword, setLogin, 'inline-login-password', false)}
      {error ? (
        <div className="fund-inline__error" role="alert" data-testid="inline-fund-error">
          {error}
        </div>
      ) : null}
      <ActionButton block color="primary" fill="outline" busy={busy} onAction={submit} testId="inline-fund-submit">
        {t('fund.submitSet')}
      </ActionButton>
    </div>
  );
}
