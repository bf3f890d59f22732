import { Button, Card, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../lib/use-load.ts';
import { AccountDrawer } from './AccountDrawer.tsx';
import { ReconciliationCard } from './ReconciliationCard.tsx';
import { TransactionDrawer } from './TransactionDrawer.tsx';

interface AccountRow {
  id: number;
  owner: string;
  currency: string;
  wallet: string;
  available: string;
  frozen: string;
  postedAvailable: string;
  postedFrozen: string;
  matches: boolean;
}
interface Filter {
  userId?: number;
  system?: string;
  currency?: string;
}

/** The system accounts an operator looks up most; any other name can be typed. */
const SYSTEMS = ['fees', 'insurance_fund', 'cycle_pool', 'staking_interest', 'hot_wallet', 'outside_world'];

/**
 * The ledger explorer: accounts by user, system account or currency with the balance beside the sum
 * of its postings; an account's postings; a transaction's legs; and the reconciliation report.
 */
export function LedgerPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const [account, setAccount] = useState<number | null>(null);
  const [transaction, setTransaction] = useState<number | null>(null);
  const [txInput, setTxInput] = useState<number | null>(null);
  const list = useLoad<{ total: number; items: AccountRow[] }>('/admin/ledger/accounts', { ...filter, page, size: 50 });
  return (
    <>
      <Typography.Title level={3}>{t('nav.ledger')}</Typography.Title>
      <ReconciliationCard />
      <Card title={t('ledger.accounts')} style={{ marginTop: 16 }}>
        <Space wrap style={{ marginBottom: 16 }}>
          <Form<Filter>
            layout="inline"
            onFinish={(v) => {
              setFilter({
                ...(v.userId ? { userId: v.userId } : {}),
                ...(v.system ? { system: v.system } : {}),
                ...(v.currency ? { currency: v.currency.trim().toUpperCase() } : {}),
              });
              setPage(1);
            }}
          >
            <Form.Item name="userId" label={t('common.user')}>
              <InputNumber min={1} precision={0} style={{ width: 120 }} data-qa="ledger-user" />
            </Form.Item>
            <Form.Item name="system" label={t('ledger.system')}>
              <Select allowClear style={{ width: 180 }} options={SYSTEMS.map((s) => ({ value: s, label: s }))} />
            </Form.Item>
            <Form.Item name="currency" label={t('common.currency')}>
              <Input style={{ width: 100 }} maxLength={10} />
            </Form.Item>
            <Button type="primary" htmlType="submit" data-qa="ledger-filter">
              {t('ledger.find')}
            </Button>
          </Form>
          <Space.Compact>
            <InputNumber
              min={1}
              precision={0}
              placeholder={t('ledger.transactionId')}
              style={{ width: 160 }}
              value={txInput}
              onChange={setTxInput}
            />
            <Button disabled={!txInput} onClick={() => setTransaction(txInput)}>
              {t('ledger.openTransaction')}
            </Button>
          </Space.Compact>
        </Space>
        <Table<AccountRow>
          rowKey="id"
          size="small"
          loading={list.loading}
          dataSource={list.data?.items ?? []}
          pagination={{ current: page, pageSize: 50, total: list.data?.total ?? 0, onChange: setPage }}
          onRow={(a) => ({ onClick: () => setAccount(a.id), style: { cursor: 'pointer' } })}
          columns={[
            { title: t('ledger.account'), dataIndex: 'id', width: 90 },
            { title: t('ledger.owner'), dataIndex: 'owner' },
            { title: t('ledger.wallet'), dataIndex: 'wallet' },
            { title: t('common.currency'), dataIndex: 'currency' },
            { title: t('ledger.available'), dataIndex: 'available', align: 'right' },
            { title: t('ledger.frozen'), dataIndex: 'frozen', align: 'right' },
            {
              title: t('ledger.postings'),
              render: (_: unknown, a) => `${a.postedAvailable} / ${a.postedFrozen}`,
              align: 'right',
            },
            {
              title: t('ledger.matches'),
              render: (_: unknown, a) => (
                <Tag color={a.matches ? 'green' : 'red'}>{a.matches ? t('ledger.match') : t('ledger.mismatch')}</Tag>
              ),
            },
          ]}
        />
      </Card>
      <AccountDrawer id={account} onClose={() => setAccount(null)} onTransaction={setTransaction} />
      <TransactionDrawer id={transaction} onClose={() => setTransaction(null)} onAccount={setAccount} />
    </>
  );
}
