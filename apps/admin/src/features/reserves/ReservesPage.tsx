import { Button, Card, Popconfirm, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type {
  PublishedReserveCurrency as PublishedCurrency,
  PublishedReserveSnapshot as Snapshot,
} from '@tidemark/contract/reserves';
import { call } from '../../lib/api.ts';
import { formatTime, orDash } from '../../lib/format.ts';
import { useAction } from '../../lib/use-action.ts';
import { useLoad } from '../../lib/use-load.ts';

/**
 * Proof of reserves: publishes a snapshot (every user's liabilities as a Merkle-sum tree per currency, beside
 * the holdings; recorded in the audit log) and lists the latest ones exactly as the public page shows them.
 */
export function ReservesPage() {
  const { t } = useTranslation();
  const { run, busy } = useAction();
  const list = useLoad<{ snapshots: Snapshot[] }>('/admin/reserves/list', { limit: 10 });
  const publish = () =>
    run(async () => {
      await call<Snapshot>('/admin/reserves/snapshot', {});
      list.reload();
    }, t('reserves.published'));
  return (
    <>
      <Typography.Title level={3}>{t('nav.reserves')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('reserves.explain')}</Typography.Paragraph>
      <Popconfirm title={t('reserves.confirm')} onConfirm={() => void publish()}>
        <Button type="primary" loading={busy} data-qa="reserves-publish">
          {t('reserves.publish')}
        </Button>
      </Popconfirm>
      {(list.data?.snapshots ?? []).map((s) => (
        <Card
          key={s.id}
          style={{ marginTop: 16 }}
          data-qa={`reserves-snapshot-${s.id}`}
          title={t('reserves.snapshot', { id: s.id, time: formatTime(s.takenAt) })}
          extra={<Tag>{t(`reserves.source.${s.source}`)}</Tag>}
        >
          <Table
            rowKey="currency"
            size="small"
            pagination={false}
            dataSource={s.currencies}
            locale={{ emptyText: t('reserves.empty') }}
            columns={[
              { title: t('common.currency'), dataIndex: 'currency' },
              { title: t('reserves.liabilities'), dataIndex: 'liabilities', align: 'right' },
              { title: t('reserves.users'), dataIndex: 'leafCount', align: 'right' },
              { title: t('reserves.inFlight'), dataIndex: 'inFlight', align: 'right' },
              {
                title: t('reserves.holdings'),
                dataIndex: 'holdingsTotal',
                align: 'right',
                render: (v: string, c: PublishedCurrency) => (
                  <>
                    {v} {c.demo ? <Tag color="orange">{t('reserves.demo')}</Tag> : null}
                  </>
                ),
              },
              { title: t('reserves.ratio'), dataIndex: 'ratio', align: 'right', render: orDash },
              {
                title: t('reserves.root'),
                dataIndex: 'rootHash',
                render: (v: string) => (
                  <Typography.Text code copyable={{ text: v }}>{`${v.slice(0, 16)}…`}</Typography.Text>
                ),
              },
            ]}
          />
        </Card>
      ))}
    </>
  );
}
