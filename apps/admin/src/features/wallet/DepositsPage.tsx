import { Button, Card, Form, Input, InputNumber, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/me-context.ts';
import { StatusTag } from '../../components/StatusTag.tsx';
import { call } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { useStatusQueue } from '../../components/status-queue.tsx';
import { hasRole } from '../../lib/roles.ts';
import { useAction } from '../../lib/use-action.ts';
import type { DepositLine } from '@tidemark/contract/wallet';

interface Deposit extends DepositLine {
  userId: number;
  status: string;
  demo: boolean;
}

const STATUSES = ['all', 'pending', 'credited', 'confirmed'] as const;

interface TestDeposit {
  user: string;
  currency: string;
  chain: string;
  amount: string;
  confirmations: number;
}

/**
 * The simulated chain's test credit (demo only: the server refuses it on a network a real chain
 * serves, and large ones wait for a second finance operator).
 */
function TestDepositCard({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { run, busy } = useAction();
  const [form] = Form.useForm<TestDeposit>();
  const submit = (v: TestDeposit) =>
    run(async () => {
      const user = /^\d+$/.test(v.user) ? Number(v.user) : v.user;
      await call('/admin/chain/deposit', { ...v, user });
      form.resetFields(['amount']);
      onDone();
    }, t('deposits.credited'));
  return (
    <Card
      title={t('deposits.testTitle')}
      extra={<Tag color="orange">{t('common.demo')}</Tag>}
      style={{ marginBottom: 16 }}
    >
      <Form<TestDeposit>
        form={form}
        layout="inline"
        onFinish={submit}
        initialValues={{ currency: 'USDT', chain: 'TRC20', confirmations: 1 }}
      >
        <Form.Item name="user" label={t('deposits.user')} rules={[{ required: true }]}>
          <Input style={{ width: 220 }} data-qa="deposit-user" />
        </Form.Item>
        <Form.Item name="currency" label={t('common.currency')} rules={[{ required: true }]}>
          <Select style={{ width: 100 }} options={['USDT', 'BTC', 'ETH'].map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item name="chain" label={t('deposits.chain')} rules={[{ required: true }]}>
          <Select
            style={{ width: 110 }}
            options={['TRC20', 'ERC20', 'BTC', 'ETH'].map((c) => ({ value: c, label: c }))}
          />
        </Form.Item>
        <Form.Item name="amount" label={t('common.amount')} rules={[{ required: true, pattern: /^\d+(\.\d+)?$/ }]}>
          <Input style={{ width: 140 }} data-qa="deposit-amount" />
        </Form.Item>
        <Form.Item name="confirmations" label={t('deposits.confirmations')}>
          <InputNumber min={0} max={1000} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-qa="deposit-submit">
          {t('deposits.credit')}
        </Button>
      </Form>
    </Card>
  );
}

/** Every deposit, filtered by state, and (for finance) the test credit. */
export function DepositsPage() {
  const { t } = useTranslation();
  const { me } = useMe();
  const { list, filter, table } = useStatusQueue<Deposit, (typeof STATUSES)[number]>(
    '/admin/wallet/deposits',
    STATUSES,
    'all',
  );
  return (
    <>
      <Typography.Title level={3}>{t('nav.deposits')}</Typography.Title>
      {me && hasRole(me.roles, ['finance']) && <TestDepositCard onDone={list.reload} />}
      {filter}
      <Table<Deposit>
        {...table}
        columns={[
          { title: t('common.id'), dataIndex: 'id' },
          { title: t('common.user'), dataIndex: 'userId' },
          { title: t('common.currency'), render: (_, r) => `${r.currency} · ${r.chain}` },
          { title: t('common.amount'), dataIndex: 'amount', align: 'right' },
          { title: t('deposits.confirmations'), dataIndex: 'confirmations' },
          {
            title: t('common.status'),
            render: (_, r) => (
              <>
                <StatusTag status={r.status} />
                {r.demo && <Tag color="orange">{t('common.demo')}</Tag>}
              </>
            ),
          },
          { title: t('deposits.txHash'), dataIndex: 'txHash', ellipsis: true },
          { title: t('common.time'), dataIndex: 'time', render: formatTime },
        ]}
      />
    </>
  );
}
