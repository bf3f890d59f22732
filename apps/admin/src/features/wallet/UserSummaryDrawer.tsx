import { Descriptions, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordDrawer } from '../../components/RecordDrawer.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { formatTime, orDash } from '../../lib/format.ts';
import { useLoad } from '../../lib/use-load.ts';
import { SectionTitle } from '../../components/SectionTitle.tsx';
import { ListTable } from '../../components/ListTable.tsx';

interface Summary {
  userId: number;
  limits: {
    kyc: { level: string; limitBtc24h: string; remainingBtc24h: string };
    currencies: {
      currency: string;
      available: string;
      withdrawable: string;
      daily: string;
      todayRemaining: string | null;
    }[];
  };
  withdrawals: { items: { id: number; currency: string; amount: string; status: string; time: number }[] };
  deposits: { items: { id: number; currency: string; amount: string; status: string; time: number }[] };
}

function SummaryBody({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data } = useLoad<Summary>('/admin/wallet/user-summary', { userId });
  if (!data) return null;
  const history = [
    { title: t('common.currency'), render: (_: unknown, r: { currency: string }) => r.currency },
    { title: t('common.amount'), dataIndex: 'amount', align: 'right' as const },
    { title: t('common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    { title: t('common.time'), dataIndex: 'time', render: formatTime },
  ];
  return (
    <>
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('kyc.level')}>{t(`review.kyc.${data.limits.kyc.level}`)}</Descriptions.Item>
        <Descriptions.Item label={t('review.btc24h')}>
          {data.limits.kyc.remainingBtc24h} / {data.limits.kyc.limitBtc24h} BTC
        </Descriptions.Item>
      </Descriptions>
      <Table
        style={{ marginTop: 16 }}
        size="small"
        rowKey="currency"
        pagination={false}
        dataSource={data.limits.currencies}
        columns={[
          { title: t('common.currency'), dataIndex: 'currency' },
          { title: t('review.available'), dataIndex: 'available', align: 'right' },
          { title: t('review.withdrawable'), dataIndex: 'withdrawable', align: 'right' },
          { title: t('review.daily'), dataIndex: 'daily', align: 'right' },
          { title: t('review.todayRemaining'), dataIndex: 'todayRemaining', align: 'right', render: orDash },
        ]}
      />
      <SectionTitle>{t('nav.withdrawals')}</SectionTitle>
      <ListTable dataSource={data.withdrawals.items} columns={history} />
      <SectionTitle>{t('nav.deposits')}</SectionTitle>
      <ListTable dataSource={data.deposits.items} columns={history} />
    </>
  );
}

/** What a reviewer weighs a withdrawal against: the user's KYC limits, balances and recent history. */
export function UserSummaryDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <RecordDrawer of={userId} width={760} title={t('review.title', { id: userId ?? '' })} onClose={onClose}>
      {(id) => <SummaryBody userId={id} />}
    </RecordDrawer>
  );
}
