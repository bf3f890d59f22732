import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../app/me-context.ts';
import { hasRole, type Role } from '../lib/roles.ts';

/** A screen behind roles: an operator without one of them sees a clear refusal, never a broken page. */
export function RoleGate({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { t } = useTranslation();
  const { me } = useMe();
  if (!me || !hasRole(me.roles, roles)) {
    return (
      <Result
        status="403"
        title={t('refused.title')}
        subTitle={t('refused.body', { roles: roles.map((r) => t(`roles.${r}`)).join(', ') })}
      />
    );
  }
  return <>{children}</>;
}
