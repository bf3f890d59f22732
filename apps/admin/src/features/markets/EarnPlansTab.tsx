import { Button, Form, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';
import { FormModal } from '../../components/FormModal.tsx';

interface Plan {
  id: number;
  currency: string;
  lockDays: number;
  dailyRate: string;
  rateMin: string;
  rateMax: string;
  minAmount: string;
  maxAmount: string;
  capacity: string;
  remaining: string;
  status: 'open' | 'closed';
  accepting: boolean;
}
type Edit = Pick<Plan, 'minAmount' | 'maxAmount' | 'capacity' | 'status'> & { rate: string };

const DECIMAL = /^\d+(\.\d+)?$/;
const RATE = /^0(\.\d{1,18})?$/;

/**
 * Staking plans (finance's): terms shown as sold, and a change of rate, limits, capacity or status that
 * applies to new subscriptions only; an order keeps the terms it was sold with. Amounts stay strings.
 */
export function EarnPlansTab() {
  const { t } = useTranslation();
  const plans = useLoad<{ items: Plan[] }>('/admin/earn/plans');
  const [editing, setEditing] = useState<Plan | null>(null);
  const [form] = Form.useForm<Edit>();
  const { run, busy } = useAction();
  const save = (v: Edit) =>
    editing &&
    run(async () => {
      await call('/admin/earn/plans/update', { id: editing.id, ...v });
      setEditing(null);
      plans.reload();
    }, t('markets.saved'));
  if (plans.error && !plans.data) return <Tag color="red">{plans.error.message}</Tag>;
  return (
    <>
      <Table<Plan>
        rowKey="id"
        size="small"
        pagination={false}
        loading={plans.loading}
        dataSource={plans.data?.items ?? []}
        columns={[
          { title: t('common.currency'), dataIndex: 'currency' },
          { title: t('markets.lockDays'), dataIndex: 'lockDays', align: 'right' },
          { title: t('markets.dailyRate'), dataIndex: 'dailyRate', align: 'right' },
          {
            title: t('markets.rateRange'),
            render: (_: unknown, p) => `${p.rateMin} – ${p.rateMax}`,
          },
          { title: t('markets.limits'), render: (_: unknown, p) => `${p.minAmount} – ${p.maxAmount}` },
          { title: t('markets.remaining'), render: (_: unknown, p) => `${p.remaining} / ${p.capacity}` },
          {
            title: t('common.status'),
            render: (_: unknown, p) => (
              <Tag color={p.accepting ? 'green' : 'default'}>{t(`markets.plan.${p.status}`)}</Tag>
            ),
          },
          {
            title: t('common.actions'),
            render: (_: unknown, p) => (
              <Button
                size="small"
                data-qa={`plan-edit-${p.id}`}
                onClick={() => {
                  form.setFieldsValue({ ...p, rate: p.dailyRate });
                  setEditing(p);
                }}
              >
                {t('markets.edit')}
              </Button>
            ),
          },
        ]}
      />
      <FormModal
        open={editing !== null}
        title={editing ? t('markets.editPlan', { currency: editing.currency, days: editing.lockDays }) : ''}
        busy={busy}
        onCancel={() => setEditing(null)}
        form={form}
        onSubmit={save}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item name="rate" label={t('markets.dailyRate')} rules={[{ required: true, pattern: RATE }]}>
            <Input />
          </Form.Item>
          <Form.Item name="minAmount" label={t('markets.minAmount')} rules={[{ required: true, pattern: DECIMAL }]}>
            <Input />
          </Form.Item>
          <Form.Item name="maxAmount" label={t('markets.maxAmount')} rules={[{ required: true, pattern: DECIMAL }]}>
            <Input />
          </Form.Item>
          <Form.Item name="capacity" label={t('markets.capacity')} rules={[{ required: true, pattern: DECIMAL }]}>
            <Input />
          </Form.Item>
          <Form.Item name="status" label={t('common.status')}>
            <Select options={(['open', 'closed'] as const).map((s) => ({ value: s, label: t(`markets.plan.${s}`) }))} />
          </Form.Item>
        </Form>
      </FormModal>
    </>
  );
}
