import { Button, Form, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/me-context.ts';
import { call } from '../../lib/api.ts';
import { hasRole } from '../../lib/roles.ts';
import { useAction } from '../../lib/use-action.ts';
import type { UserDetail } from './types.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { ReasonField } from '../../components/ReasonModal.tsx';

type Kind = 'freeze' | 'status' | 'credit';

/**
 * Compliance's actions on an account, each with the reason the audit log keeps: pause or resume
 * withdrawals, freeze or reactivate the account, change the credit score. Hidden from other roles;
 * the server refuses them anyway.
 */
export function UserActions({ user, onDone }: { user: UserDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const { me } = useMe();
  const { run, busy } = useAction();
  const [open, setOpen] = useState<Kind | null>(null);
  const [form] = Form.useForm<{ reason: string; score?: number }>();
  if (!me || !hasRole(me.roles, ['compliance'])) return null;

  const frozenByOperator = user.withdrawFreeze?.byOperator === true;
  const titles: Record<Kind, string> = {
    freeze: frozenByOperator ? t('users.unfreezeWithdrawals') : t('users.freezeWithdrawals'),
    status: user.status === 'active' ? t('users.freezeAccount') : t('users.activateAccount'),
    credit: t('users.setCredit'),
  };
  const submit = (v: { reason: string; score?: number }) =>
    run(async () => {
      if (open === 'freeze') {
        await call('/admin/users/withdrawals/freeze', { userId: user.id, frozen: !frozenByOperator, reason: v.reason });
      } else if (open === 'status') {
        const status = user.status === 'active' ? 'frozen' : 'active';
        await call('/admin/users/status', { userId: user.id, status, reason: v.reason });
      } else {
        await call('/admin/credit/set', { userId: user.id, score: v.score, reason: v.reason });
      }
      setOpen(null);
      onDone();
    }, t('users.done'));

  return (
    <>
      <Space wrap>
        <Button danger={!frozenByOperator} onClick={() => setOpen('freeze')} data-qa="user-freeze">
          {titles.freeze}
        </Button>
        <Button danger={user.status === 'active'} onClick={() => setOpen('status')} data-qa="user-status">
          {titles.status}
        </Button>
        <Button onClick={() => setOpen('credit')} data-qa="user-credit">
          {titles.credit}
        </Button>
      </Space>
      <FormModal
        open={open !== null}
        title={open ? titles[open] : ''}
        busy={busy}
        onCancel={() => setOpen(null)}
        form={form}
        onSubmit={submit}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ score: user.creditScore }}>
          {open === 'credit' && (
            <Form.Item name="score" label={t('users.creditScore')} rules={[{ required: true }]}>
              <InputNumber min={0} max={1000} precision={0} style={{ width: 160 }} data-qa="credit-score" />
            </Form.Item>
          )}
          <ReasonField />
        </Form>
      </FormModal>
    </>
  );
}
