import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/me-context.ts';
import { ReasonModal } from '../../components/ReasonModal.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { useStatusQueue } from '../../components/status-queue.tsx';
import { call } from '../../lib/api.ts';
import { formatTime, orDash } from '../../lib/format.ts';
import { hasRole } from '../../lib/roles.ts';
import { useAction } from '../../lib/use-action.ts';
import { useUserReview } from './user-review.tsx';

/** A withdrawal as its owner sees it: what the shared columns and actions read. */
export interface QueueRow {
  id: number;
  status: string;
  reason: string | null;
  time: number;
}

/** What the console's list adds to a withdrawal: whose it is. */
type Queued = { userId: number };

/** What a row's own actions may do: call the server, then reload the queue. */
export interface QueueActions {
  run: (action: () => Promise<void>, done: string) => Promise<unknown>;
  busy: boolean;
  reload: () => void;
}

/**
 * A withdrawal review queue (on-chain and bank): the status filter, the paged table with the user
 * column that opens their summary, status, reason and time, and the decision on a pending one —
 * finance approves (or marks paid, after a confirmation) or rejects with a reason. Each queue adds
 * its own columns and, for rows that are no longer pending, its own actions.
 */
export function WithdrawalQueue<W extends QueueRow, S extends string>(props: {
  title: string;
  /** The operator call that lists the queue; `${path}/reject` and `approve.path` decide. */
  path: string;
  statuses: readonly S[];
  /** The kind's own columns, between the user and the status. */
  columns: ColumnsType<W & Queued>;
  approve: { path: string; label: string; done: string; confirm?: string };
  /** Actions on a row that is not pending (e.g. speeding up a stuck transaction). */
  otherActions?: (row: W & Queued, actions: QueueActions) => ReactNode;
}) {
  type T = W & Queued;
  const { t } = useTranslation();
  const { me } = useMe();
  const mayDecide = !!me && hasRole(me.roles, ['finance']);
  const { list, filter, table } = useStatusQueue<T, S>(props.path, props.statuses, 'pending' as S);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const { run, busy } = useAction();
  const userReview = useUserReview();
  const actions: QueueActions = { run, busy, reload: list.reload };

  const approve = (id: number) =>
    run(async () => {
      await call(props.approve.path, { id });
      list.reload();
    }, props.approve.done);
  const reject = (id: number, reason: string) =>
    run(async () => {
      await call(`${props.path}/reject`, { id, reason });
      setRejecting(null);
      list.reload();
    }, t('withdrawals.rejected'));

  const approveButton = (id: number, onClick?: () => void) => (
    <Button size="small" type="primary" loading={busy} onClick={onClick} data-qa={`approve-${id}`}>
      {props.approve.label}
    </Button>
  );
  const decision = (r: T) => (
    <Space>
      {props.approve.confirm ? (
        <Popconfirm title={props.approve.confirm} onConfirm={() => void approve(r.id)}>
          {approveButton(r.id)}
        </Popconfirm>
      ) : (
        approveButton(r.id, () => void approve(r.id))
      )}
      <Button size="small" danger disabled={busy} onClick={() => setRejecting(r.id)} data-qa={`reject-${r.id}`}>
        {t('common.reject')}
      </Button>
    </Space>
  );

  return (
    <>
      <Typography.Title level={3}>{props.title}</Typography.Title>
      {filter}
      <Table<T>
        {...table}
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          userReview.column,
          ...props.columns,
          { title: t('common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
          { title: t('common.reason'), dataIndex: 'reason', render: orDash },
          { title: t('common.time'), dataIndex: 'time', render: formatTime },
          {
            title: t('common.actions'),
            render: (_, r) =>
              !mayDecide ? null : r.status === 'pending' ? decision(r) : (props.otherActions?.(r, actions) ?? null),
          },
        ]}
      />
      {userReview.drawer}
      <ReasonModal
        open={rejecting !== null}
        title={t('withdrawals.rejectTitle')}
        onCancel={() => setRejecting(null)}
        onOk={(reason) => void reject(rejecting!, reason)}
      />
    </>
  );
}
