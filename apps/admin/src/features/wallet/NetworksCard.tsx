import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';
import type { NetworkStatus } from '@tidemark/contract/wallet';

/**
 * Every network at a glance: demo or real, deposits and withdrawals open or suspended (and why), the
 * confirmations a deposit needs and how far the watcher is behind. On a real network finance can
 * sweep the deposit addresses into the hot wallet, per currency.
 */
export function NetworksCard({ maySweep }: { maySweep: boolean }) {
  const { t } = useTranslation();
  const { data, error, reload } = useLoad<{ networks: NetworkStatus[] }>('/admin/wallet/chains/status');
  const { run, busy } = useAction();
  const open = (yes: boolean) => (
    <Tag color={yes ? 'green' : 'red'}>{yes ? t('chains.open') : t('chains.suspended')}</Tag>
  );
  const sweep = (network: string, currency: string) =>
    run(async () => {
      const r = await call<{ topups: string[]; sweeps: string[] }>('/admin/wallet/chains/sweep', { network, currency });
      reload();
      return r;
    }, t('chains.swept'));
  return (
    <Card title={t('chains.title')} data-qa="networks">
      {error && <Typography.Text type="danger">{error.message}</Typography.Text>}
      <Table<NetworkStatus>
        size="small"
        rowKey="network"
        pagination={false}
        dataSource={data?.networks ?? []}
        columns={[
          {
            title: t('chains.network'),
            render: (_, n) => (
              <Space>
                {n.network}
                {n.demo ? <Tag color="orange">{t('common.demo')}</Tag> : <Tag color="blue">{n.adapter}</Tag>}
              </Space>
            ),
          },
          { title: t('chains.deposits'), render: (_, n) => open(n.depositsOpen) },
          { title: t('chains.withdrawals'), render: (_, n) => open(n.withdrawalsOpen) },
          {
            title: t('chains.confirmations'),
            render: (_, n) => `${n.creditConfirmations} / ${n.unlockConfirmations}`,
          },
          { title: t('chains.lag'), render: (_, n) => (n.scannerLag === null ? '—' : n.scannerLag) },
          { title: t('chains.note'), render: (_, n) => n.note ?? '—' },
          {
            title: t('common.actions'),
            render: (_, n) =>
              maySweep && !n.demo ? (
                <Space wrap>
                  {n.currencies.map((c) => (
                    <Button
                      key={c}
                      size="small"
                      loading={busy}
                      onClick={() => void sweep(n.network, c)}
                      data-qa={`sweep-${n.network}-${c}`}
                    >
                      {t('chains.sweep', { currency: c })}
                    </Button>
                  ))}
                </Space>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
