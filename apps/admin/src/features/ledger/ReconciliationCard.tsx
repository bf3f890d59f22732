import { Alert, Button, Card, List, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api.ts';
import { formatTime, orDash } from '../../lib/format.ts';
import { useAction } from '../../lib/use-action.ts';

interface Report {
  ok: boolean;
  accounts: number;
  transactions: number;
  problems: string[];
  custody: { currency: string; liabilities: string; onChain: string | null; surplus: string | null }[];
  checkedAt: number;
}

/** The reconciliation report: the same check as `npm run ledger:check`, then custody per currency. */
export function ReconciliationCard() {
  const { t } = useTranslation();
  const { run, busy } = useAction();
  const [report, setReport] = useState<Report | null>(null);
  return (
    <Card
      title={t('ledger.reconciliation')}
      extra={
        <Button
          type="primary"
          loading={busy}
          data-qa="ledger-run-check"
          onClick={() => void run(async () => setReport(await call<Report>('/admin/ledger/check')))}
        >
          {t('dashboard.runCheck')}
        </Button>
      }
    >
      {report ? (
        <div data-qa="ledger-report">
          <Alert
            type={report.ok ? 'success' : 'error'}
            showIcon
            message={report.ok ? t('dashboard.ledgerOk') : t('dashboard.ledgerBroken')}
            description={t('dashboard.ledgerCounts', {
              accounts: report.accounts,
              transactions: report.transactions,
              time: formatTime(report.checkedAt),
            })}
          />
          {report.problems.length > 0 && (
            <List size="small" dataSource={report.problems} renderItem={(p) => <List.Item>{p}</List.Item>} />
          )}
          <Table
            style={{ marginTop: 12 }}
            rowKey="currency"
            size="small"
            pagination={false}
            dataSource={report.custody}
            columns={[
              { title: t('common.currency'), dataIndex: 'currency' },
              { title: t('ledger.liabilities'), dataIndex: 'liabilities', align: 'right' },
              {
                title: t('ledger.onChain'),
                dataIndex: 'onChain',
                align: 'right',
                render: (v: string | null) => v ?? t('ledger.simulated'),
              },
              { title: t('ledger.surplus'), dataIndex: 'surplus', align: 'right', render: orDash },
            ]}
          />
        </div>
      ) : (
        t('ledger.checkHint')
      )}
    </Card>
  );
}
