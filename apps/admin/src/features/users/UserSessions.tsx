import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/me-context.ts';
import { call } from '../../lib/api.ts';
import { formatTime, orDash } from '../../lib/format.ts';
import { hasRole } from '../../lib/roles.ts';
import { useAction } from '../../lib/use-action.ts';
import type { UserDetail } from './types.ts';
import { ListTable } from '../../components/ListTable.tsx';

/** The user's signed-in devices; support and compliance can end one (a lost phone, a shared computer). */
export function UserSessions({ user, onDone }: { user: UserDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const { me } = useMe();
  const { run } = useAction();
  const canRevoke = me !== null && hasRole(me.roles, ['support', 'compliance']);
  const revoke = (sessionId: number) =>
    run(async () => {
      await call('/admin/users/sessions/revoke', { userId: user.id, sessionId });
      onDone();
    }, t('users.sessionEnded'));
  return (
    <ListTable
      dataSource={user.sessions}
      columns={[
        { title: t('users.device'), dataIndex: 'userAgent', render: orDash },
        { title: t('users.ip'), dataIndex: 'ip', render: orDash },
        { title: t('users.signedIn'), dataIndex: 'createdAt', render: formatTime },
        { title: t('users.lastSeen'), dataIndex: 'lastSeenAt', render: formatTime },
        {
          title: t('common.actions'),
          render: (_: unknown, s: { id: number }) =>
            canRevoke && (
              <Popconfirm
                title={t('users.endSession')}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => void revoke(s.id)}
              >
                <Button size="small" danger data-qa={`session-revoke-${s.id}`}>
                  {t('users.endSession')}
                </Button>
              </Popconfirm>
            ),
        },
      ]}
    />
  );
}
