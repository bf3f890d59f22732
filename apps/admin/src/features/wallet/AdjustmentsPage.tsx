import { Alert, Button, Card, Form, Input, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/me-context.ts';
import { StatusTag } from '../../components/StatusTag.tsx';
import { call } from '../../lib/api.ts';
import { formatTime, orDash } from '../../lib/format.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';

interface Proposal {
  id: number;
  kind: string;
  userId: number | null;
  system: string | null;
  currency: string;
  wallet: string | null;
  amount: string;
  reason: string;
  status: string;
  proposedBy: number;
  decidedBy: number | null;
  transactionId: number | null;
  time: number;
}

interface ProposeForm {
  target: 'user' | 'system';
  userId?: string;
  system?: string;
  currency: string;
  wallet?: string;
  amount: string;
  reason: string;
}

const SYSTEM_ACCOUNTS = ['hot_wallet', 'fees', 'insurance_fund', 'cycle_pool', 'staking_interest', 'convert_desk'];

/**
 * Money adjustments under four eyes: one finance operator proposes, a different one approves (the
 * server refuses the proposer's own approval) and the journal entry names both.
 */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const { me } = useMe();
  const [page, setPage] = useState(1);
  const list = useLoad<{ items: Proposal[] }>('/admin/wallet/adjustments', { page, size: 50 });
  const [form] = Form.useForm<ProposeForm>();
  const target = Form.useWatch('target', form);
  const { run, busy } = useAction();

  const propose = (v: ProposeForm) =>
    run(async () => {
      await call('/admin/wallet/adjustments/propose', {
        ...(v.target === 'user' ? { userId: Number(v.userId), wallet: v.wallet } : { system: v.system }),
        currency: v.currency,
        amount: v.amount,
        reason: v.reason,
      });
      form.resetFields(['amount', 'reason']);
      list.reload();
    }, t('adjustments.proposed'));
  const decide = (id: number, approve: boolean) =>
    run(
      async () => {
        await call(approve ? '/admin/wallet/adjustments/approve' : '/admin/wallet/adjustments/reject', { id });
        list.reload();
      },
      approve ? t('adjustments.approved') : t('adjustments.rejected'),
    );

  return (
    <>
      <Typography.Title level={3}>{t('nav.adjustments')}</Typography.Title>
      <Card title={t('adjustments.proposeTitle')} style={{ marginBottom: 16 }}>
        <Alert type="info" showIcon message={t('adjustments.fourEyes')} style={{ marginBottom: 16 }} />
        <Form<ProposeForm>
          form={form}
          layout="vertical"
          onFinish={propose}
          initialValues={{ target: 'user', currency: 'USDT', wallet: 'spot' }}
          style={{ maxWidth: 560 }}
        >
          <Form.Item name="target" label={t('adjustments.target')}>
            <Radio.Group
              options={[
                { value: 'user', label: t('adjustments.targetUser') },
                { value: 'system', label: t('adjustments.targetSystem') },
              ]}
            />
          </Form.Item>
          {target === 'system' ? (
            <Form.Item name="system" label={t('adjustments.systemAccount')} rules={[{ required: true }]}>
              <Select options={SYSTEM_ACCOUNTS.map((s) => ({ value: s, label: s }))} />
            </Form.Item>
          ) : (
            <Space>
              <Form.Item name="userId" label={t('adjustments.userId')} rules={[{ required: true, pattern: /^\d+$/ }]}>
                <Input data-qa="adj-user" />
              </Form.Item>
              <Form.Item name="wallet" label={t('adjustments.wallet')}>
                <Select
                  style={{ width: 120 }}
                  options={['spot', 'futures', 'earn'].map((w) => ({ value: w, label: w }))}
                />
              </Form.Item>
            </Space>
          )}
          <Space>
            <Form.Item name="currency" label={t('common.currency')} rules={[{ required: true }]}>
              <Select style={{ width: 120 }} options={['USDT', 'BTC', 'ETH'].map((c) => ({ value: c, label: c }))} />
            </Form.Item>
            <Form.Item
              name="amount"
              label={t('adjustments.amount')}
              rules={[{ required: true, pattern: /^-?\d+(\.\d+)?$/, message: t('adjustments.amountHint') }]}
            >
              <Input data-qa="adj-amount" />
            </Form.Item>
          </Space>
          <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, whitespace: true }]}>
            <Input.TextArea rows={2} maxLength={500} data-qa="adj-reason" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-qa="adj-propose">
            {t('adjustments.propose')}
          </Button>
        </Form>
      </Card>
      <Table<Proposal>
        rowKey="id"
        loading={list.loading}
        dataSource={list.data?.items ?? []}
        pagination={{
          current: page,
          pageSize: 50,
          total: (page - 1) * 50 + (list.data?.items.length ?? 0) + 1,
          onChange: setPage,
        }}
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          { title: t('adjustments.kind'), dataIndex: 'kind', render: (k: string) => <Tag>{k}</Tag> },
          {
            title: t('adjustments.target'),
            render: (_, r) => (r.userId ? `#${r.userId} ${r.wallet ?? ''}` : r.system),
          },
          { title: t('common.amount'), render: (_, r) => `${r.amount} ${r.currency}`, align: 'right' },
          { title: t('common.reason'), dataIndex: 'reason' },
          { title: t('adjustments.proposedBy'), dataIndex: 'proposedBy' },
          { title: t('adjustments.decidedBy'), dataIndex: 'decidedBy', render: orDash },
          { title: t('common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
          { title: t('common.time'), dataIndex: 'time', render: formatTime },
          {
            title: t('common.actions'),
            render: (_, r) =>
              r.status === 'pending' ? (
                r.proposedBy === me?.id ? (
                  <Typography.Text type="secondary">{t('adjustments.waitingSecond')}</Typography.Text>
                ) : (
                  <Space>
                    <Button
                      size="small"
                      type="primary"
                      loading={busy}
                      onClick={() => void decide(r.id, true)}
                      data-qa={`adj-approve-${r.id}`}
                    >
                      {t('common.approve')}
                    </Button>
                    <Button size="small" danger disabled={busy} onClick={() => void decide(r.id, false)}>
                      {t('common.reject')}
                    </Button>
                  </Space>
                )
              ) : null,
          },
        ]}
      />
    </>
  );
}
