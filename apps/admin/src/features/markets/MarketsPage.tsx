import { Alert, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/me-context.ts';
import { hasRole } from '../../lib/roles.ts';
import { CycleProductsTab } from './CycleProductsTab.tsx';
import { EarnPlansTab } from './EarnPlansTab.tsx';
import { MarketStatusTable } from './MarketStatusTable.tsx';

/** Spot markets and futures contracts: parameters and trading status; earn plans and cycle products. */
export function MarketsPage() {
  const { t } = useTranslation();
  const { me } = useMe();
  // the plans are finance's alone (their coverage is a money figure); the other tabs every reader sees
  const finance = me !== null && hasRole(me.roles, ['finance']);
  return (
    <>
      <Typography.Title level={3}>{t('nav.markets')}</Typography.Title>
      <Alert type="info" showIcon message={t('markets.honest')} style={{ marginBottom: 16 }} />
      <Tabs
        items={[
          { key: 'spot', label: t('markets.spot'), children: <MarketStatusTable product="spot" /> },
          { key: 'futures', label: t('markets.futures'), children: <MarketStatusTable product="futures" /> },
          ...(finance ? [{ key: 'earn', label: t('markets.earn'), children: <EarnPlansTab /> }] : []),
          { key: 'cycle', label: t('markets.cycle'), children: <CycleProductsTab /> },
        ]}
      />
    </>
  );
}
