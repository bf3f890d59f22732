import { Button, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';
import { decimalField, useRowEditor } from '../../components/row-editor.tsx';
import type { EarnPlan } from '@tidemark/contract/earn';

/** What the plans table shows of a plan. */
type Plan = Pick<
  EarnPlan,
  | 'id'
  | 'currency'
  | 'lockDays'
  | 'dailyRate'
  | 'rateMin'
  | 'rateMax'
  | 'minAmount'
  | 'maxAmount'
  | 'capacity'
  | 'remaining'
  | 'status'
  | 'accepting'
>;
type Edit = Pick<Plan, 'minAmount' | 'maxAmount' | 'capacity' | 'status'> & { rate: string };

const RATE = /^0(\.\d{1,18})?$/;

/**
 * Staking plans (finance's): terms shown as sold, and a change of rate, limits, capacity or status that
 * applies to new subscriptions only; an order keeps the terms it was sold with. Amounts stay strings.
 */
export function EarnPlansTab() {
  const { t } = useTranslation();
  const plans = useLoad<{ items: Plan[] }>('/admin/earn/plans');
  const action = useAction();
  const editor = useRowEditor<Plan, Edit>({
    title: (p) => t('markets.editPlan', { currency: p.currency, days: p.lockDays }),
    fields: [
      { name: 'rate', label: t('markets.dailyRate'), rules: [{ required: true, pattern: RATE }] },
      decimalField('minAmount', t('markets.minAmount')),
      decimalField('maxAmount', t('markets.maxAmount')),
      decimalField('capacity', t('markets.capacity')),
      {
        name: 'status',
        label: t('common.status'),
        control: (
          <Select options={(['open', 'closed'] as const).map((s) => ({ value: s, label: t(`markets.plan.${s}`) }))} />
        ),
      },
    ],
    valuesOf: (p) => ({ ...p, rate: p.dailyRate }),
    save: (p, v) => call('/admin/earn/plans/update', { id: p.id, ...v }),
    done: t('markets.saved'),
    reload: plans.reload,
    action,
  });
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
              <Button size="small" data-qa={`plan-edit-${p.id}`} onClick={() => editor.edit(p)}>
                {t('markets.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editor.modal}
    </>
  );
}
