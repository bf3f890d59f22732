import { Button, Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Operator } from '../../app/me-context.ts';
import { call } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';

interface SessionRow {
  id: number;
  current: boolean;
  createdAt: number;
  expiresAt: number;
  lastSeenAt: number;
  userAgent: string | null;
  ip: string | null;
}

function SessionsTable({ operator }: { operator: Operator }) {
  const { t } = useTranslation();
  const list = useLoad<{ sessions: SessionRow[] }>('/admin/operators/sessions', { id: operator.id });
  const { run, busy } = useAction();
  const revoke = (sessionId: number) =>
    run(async () => {
      await call('/admin/operators/sessions/revoke', { id: operator.id, sessionId });
      list.reload();
    }, t('operators.revoked'));
  return (
    <Table<SessionRow>
      rowKey="id"
      size="small"
      loading={list.loading}
      dataSource={list.data?.sessions ?? []}
      pagination={false}
      columns={[
        { title: t('audit.ip'), dataIndex: 'ip' },
        { title: t('operators.device'), dataIndex: 'userAgent', ellipsis: true },
        { title: t('operators.lastSeen'), dataIndex: 'lastSeenAt', render: formatTime },
        { title: t('operators.expires'), dataIndex: 'expiresAt', render: formatTime },
        {
          title: t('common.actions'),
          render: (_, r) =>
            r.current ? (
              <Tag>{t('operators.thisSession')}</Tag>
            ) : (
              <Button size="small" danger loading={busy} onClick={() => void revoke(r.id)}>
                {t('operators.revoke')}
              </Button>
            ),
        },
      ]}
    />
  );
}

/** An operator's live sign-in sessions, each of which can be ended. */
export function SessionsModal({ operator, onClose }: { operator: Operator | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={operator !== null}
      title={t('operators.sessionsOf', { name: operator?.name ?? '' })}
      onCancel={onClose}
      footer={null}
      width={820}
      destroyOnHidden
    >
      {operator && <SessionsTable operator={operator} />}
    </Modal>
  );
}
