import { Alert, Button, Card, Col, List, Row, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMe } from '../../app/me-context.ts';
import { BarChart } from '../../components/BarChart.tsx';
import { call } from '../../lib/api.ts';
import { hasRole, type Role } from '../../lib/roles.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';
import type { CustodyLine } from '@tidemark/contract/wallet';
import { CustodyTable } from '../wallet/CustodyTable.tsx';
import { NetworksCard } from '../wallet/NetworksCard.tsx';

type Counted = { total: number };

/** A count of work waiting, shown only to the roles that can act on it. */
function WaitingCard(props: { title: string; path: string; body: unknown; to: string; qa: string }) {
  const { t } = useTranslation();
  const { data, error } = useLoad<Counted>(props.path, props.body);
  return (
    <Card>
      <Statistic title={props.title} value={error ? '—' : (data?.total ?? '…')} data-qa={props.qa} />
      <Link to={props.to}>{t('dashboard.open')}</Link>
    </Card>
  );
}

interface LedgerCheck {
  ok: boolean;
  accounts: number;
  transactions: number;
  problems: string[];
  /** Real chains' holdings against users' liabilities, per currency. */
  custody?: CustodyLine[];
}

/** The reconciliation `npm run ledger:check` runs, on demand. */
function LedgerCheckCard() {
  const { t } = useTranslation();
  const { run, busy } = useAction();
  const [result, setResult] = useState<{ at: number; check: LedgerCheck } | null>(null);
  const check = () =>
    run(async () => setResult({ at: Date.now(), check: await call<LedgerCheck>('/admin/wallet/ledger-check') }));
  return (
    <Card title={t('dashboard.ledgerCheck')}>
      <Button onClick={() => void check()} loading={busy} data-qa="ledger-check">
        {t('dashboard.runCheck')}
      </Button>
      {result && (
        <div style={{ marginTop: 12 }} data-qa="ledger-result">
          <Alert
            type={result.check.ok ? 'success' : 'error'}
            showIcon
            message={result.check.ok ? t('dashboard.ledgerOk') : t('dashboard.ledgerBroken')}
            description={t('dashboard.ledgerCounts', {
              accounts: result.check.accounts,
              transactions: result.check.transactions,
              time: new Date(result.at).toLocaleTimeString(),
            })}
          />
          {result.check.problems.length > 0 && (
            <List size="small" dataSource={result.check.problems} renderItem={(p) => <List.Item>{p}</List.Item>} />
          )}
          {result.check.custody && result.check.custody.length > 0 && (
            <>
              <Typography.Title level={5} style={{ marginTop: 12 }}>
                {t('chains.custody')}
              </Typography.Title>
              <CustodyTable lines={result.check.custody} />
            </>
          )}
        </div>
      )}
    </Card>
  );
}

interface Overview {
  insuranceFund: { currency: string; balance: string }[];
  cyclePool: { currency: string; balance: string }[];
  feesPerDay: { day: string; currency: string; amount: string }[];
}

/** The insurance fund, the cycle pool and fee income per day (finance). */
function MoneyCards() {
  const { t } = useTranslation();
  const { data } = useLoad<Overview>('/admin/wallet/overview', { days: 14 });
  const balances = (list: { currency: string; balance: string }[] | undefined) =>
    list && list.length ? list.map((b) => `${b.balance} ${b.currency}`).join(' · ') : '0';
  const currencies = [...new Set(data?.feesPerDay.map((f) => f.currency) ?? [])];
  return (
    <>
      <Col xs={24} md={12} xl={6}>
        <Card>
          <Statistic
            title={t('dashboard.insuranceFund')}
            value={balances(data?.insuranceFund)}
            data-qa="insurance-fund"
          />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card>
          <Statistic title={t('dashboard.cyclePool')} value={balances(data?.cyclePool)} data-qa="cycle-pool" />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('dashboard.feesPerDay')}>
          {currencies.length === 0 && <Typography.Text type="secondary">{t('dashboard.noFees')}</Typography.Text>}
          {currencies.map((c) => (
            <div key={c}>
              <Typography.Text strong>{c}</Typography.Text>
              <BarChart
                bars={data!.feesPerDay.filter((f) => f.currency === c).map((f) => ({ label: f.day, value: f.amount }))}
              />
            </div>
          ))}
        </Card>
      </Col>
    </>
  );
}

/** What waits for the signed-in operator, per area they own. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { me } = useMe();
  const may = (roles: Role[]) => !!me && hasRole(me.roles, roles);
  /** The queues whose waiting count the dashboard shows, each to the roles that work it. */
  const waiting: Array<{ roles: Role[]; title: string; path: string; body: object; to: string; qa: string }> = [
    {
      roles: ['compliance'],
      title: t('dashboard.pendingKyc'),
      path: '/admin/kyc/queue',
      body: { state: 'pending', page: 1, size: 1 },
      to: '/kyc',
      qa: 'pending-kyc',
    },
    {
      roles: ['finance', 'support', 'compliance'],
      title: t('dashboard.pendingWithdrawals'),
      path: '/admin/wallet/withdrawals',
      body: { status: 'pending', page: 1, size: 1 },
      to: '/withdrawals',
      qa: 'pending-withdrawals',
    },
    {
      roles: ['finance', 'support', 'compliance'],
      title: t('dashboard.pendingBank'),
      path: '/admin/wallet/bank-withdrawals',
      body: { status: 'pending', page: 1, size: 1 },
      to: '/bank-withdrawals',
      qa: 'pending-bank',
    },
    {
      roles: ['support'],
      title: t('dashboard.openTickets'),
      path: '/admin/support/ticket/list',
      body: { state: 'waiting', page: 1, size: 1 },
      to: '/tickets',
      qa: 'open-tickets',
    },
  ];
  const cards = waiting.filter((w) => may(w.roles));
  return (
    <>
      <Typography.Title level={3}>{t('nav.dashboard')}</Typography.Title>
      <Row gutter={[16, 16]}>
        {cards.map((w) => (
          <Col key={w.qa} xs={24} md={12} xl={6}>
            <WaitingCard title={w.title} path={w.path} body={w.body} to={w.to} qa={w.qa} />
          </Col>
        ))}
      </Row>
      {may(['finance', 'support', 'compliance']) && (
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          <Col xs={24}>
            <NetworksCard maySweep={may(['finance'])} />
          </Col>
        </Row>
      )}
      {may(['finance']) && (
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          <MoneyCards />
          <Col xs={24} xl={12}>
            <LedgerCheckCard />
          </Col>
        </Row>
      )}
    </>
  );
}
