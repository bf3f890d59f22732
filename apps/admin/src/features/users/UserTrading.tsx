import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/StatusTag.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { orDash } from '../../lib/format.ts';
import { SectionTitle } from '../../components/SectionTitle.tsx';
import { ListTable } from '../../components/ListTable.tsx';

interface SpotOrder {
  id: number;
  symbol: string;
  side: string;
  type: string;
  price: string | null;
  quantity: string | null;
  filledQuantity: string;
  status: string;
}
interface Position {
  id: number;
  symbol: string;
  direction: string;
  leverage: number;
  quantity: string;
  openPrice: string;
  margin: string;
  estimatedLiquidationPrice: string | null;
}

/** What the user has in the markets: resting spot and futures orders and open futures positions. */
export function UserTrading({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const spot = useLoad<SpotOrder[]>('/admin/spot/user-orders', { userId });
  const futures = useLoad<{ positions: Position[]; orders: SpotOrder[] }>('/admin/futures/user-positions', {
    userId,
  });
  const orderColumns = [
    { title: t('users.symbol'), dataIndex: 'symbol' },
    { title: t('users.side'), dataIndex: 'side' },
    { title: t('users.type'), dataIndex: 'type' },
    { title: t('users.price'), dataIndex: 'price', align: 'right' as const, render: orDash },
    { title: t('users.quantity'), dataIndex: 'quantity', align: 'right' as const, render: orDash },
    { title: t('users.filled'), dataIndex: 'filledQuantity', align: 'right' as const },
    { title: t('common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
  ];
  return (
    <>
      <Typography.Title level={5}>{t('users.spotOrders')}</Typography.Title>
      <ListTable dataSource={spot.data ?? []} columns={orderColumns} />
      <SectionTitle>{t('users.positions')}</SectionTitle>
      <ListTable
        dataSource={futures.data?.positions ?? []}
        columns={[
          { title: t('users.symbol'), dataIndex: 'symbol' },
          { title: t('users.direction'), dataIndex: 'direction' },
          { title: t('users.leverage'), dataIndex: 'leverage', render: (v: number) => `${v}×` },
          { title: t('users.quantity'), dataIndex: 'quantity', align: 'right' },
          { title: t('users.openPrice'), dataIndex: 'openPrice', align: 'right' },
          { title: t('users.margin'), dataIndex: 'margin', align: 'right' },
          {
            title: t('users.liquidationPrice'),
            dataIndex: 'estimatedLiquidationPrice',
            align: 'right',
            render: orDash,
          },
        ]}
      />
      <SectionTitle>{t('users.futuresOrders')}</SectionTitle>
      <ListTable dataSource={futures.data?.orders ?? []} columns={orderColumns} />
    </>
  );
}
