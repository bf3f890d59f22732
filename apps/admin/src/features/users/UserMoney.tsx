import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format.ts';
import { useLoad } from '../../lib/use-load.ts';
import { SectionTitle } from '../../components/SectionTitle.tsx';

interface Assets {
  wallets: { wallet: string; currencies: { currency: string; available: string; frozen: string }[] }[];
}
interface Records {
  total: number;
  items: {
    id: number;
    kind: string;
    currency: string;
    wallet: string;
    available: string;
    frozen: string;
    time: number;
  }[];
}

const nonZero = (v: string) => !/^0(\.0*)?$/.test(v);

/** Balances per wallet (only the currencies held) and the ledger history behind them, newest first. */
export function UserMoney({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const assets = useLoad<Assets>('/admin/wallet/user-assets', { userId });
  const records = useLoad<Records>('/admin/wallet/user-records', { userId, page, size: 20 });
  const balances = (assets.data?.wallets ?? []).flatMap((w) =>
    w.currencies
      .filter((c) => nonZero(c.available) || nonZero(c.frozen))
      .map((c) => ({ key: `${w.wallet}-${c.currency}`, wallet: w.wallet, ...c })),
  );
  return (
    <>
      <Table
        size="small"
        pagination={false}
        loading={assets.loading}
        dataSource={balances}
        data-qa="user-balances"
        locale={{ emptyText: assets.error?.message ?? t('users.noBalances') }}
        columns={[
          { title: t('users.wallet'), dataIndex: 'wallet' },
          { title: t('common.currency'), dataIndex: 'currency' },
          { title: t('users.available'), dataIndex: 'available', align: 'right' },
          { title: t('users.frozen'), dataIndex: 'frozen', align: 'right' },
        ]}
      />
      <SectionTitle>{t('users.journal')}</SectionTitle>
      <Table
        rowKey="id"
        size="small"
        loading={records.loading}
        dataSource={records.data?.items ?? []}
        pagination={{ current: page, pageSize: 20, total: records.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('common.time'), dataIndex: 'time', render: formatTime },
          { title: t('users.kind'), dataIndex: 'kind' },
          { title: t('users.wallet'), dataIndex: 'wallet' },
          { title: t('common.currency'), dataIndex: 'currency' },
          { title: t('users.available'), dataIndex: 'available', align: 'right' },
          { title: t('users.frozen'), dataIndex: 'frozen', align: 'right' },
        ]}
      />
    </>
  );
}
