import { lazy, Suspense } from 'react';
import Tabs from 'antd-mobile/es/components/tabs';
import { SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { CoinList } from '../components/CoinList.tsx';
import { CycleList } from '../components/CycleList.tsx';
import { DemoTag } from '../components/DemoTag.tsx';
import { useFavourites } from '../components/useFavourites.ts';
import { useMarketRows } from '../components/useMarketRows.ts';
import '../components/market.css';
import { loadTexts } from '../../../lib/i18n.ts';

// the futures list (and its trading sheets) loads with its texts when its tab is first opened, not with the
// market screen
const FuturesContractList = lazy(() =>
  Promise.all([import('../../futures/components/FuturesContractList.tsx'), loadTexts(['futures'])]).then(([m]) => ({
    default: m.FuturesContractList,
  })),
);

const TABS = ['favourites', 'spot', 'futures', 'cycle'] as const;
type Tab = (typeof TABS)[number];

/** /market: the favourites, spot, futures and cycle lists of spec §2. The tab is kept in the URL. */
export default function MarketPage() {
  const { t } = useTranslation('market');
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'spot';
  const { rows, isLoading, isError, demo } = useMarketRows();
  const favourites = useFavourites((s) => s.list);
  const favRows = rows.filter((r) => favourites.some((f) => String(f.id) === r.id));

  return (
    <div className="page-body page-body--flush market-page">
      <div className="market-page__bar">
        <Link to="/coinSearch" className="market-search" data-testid="market-search">
          <SearchOutline /> {t('search.placeholder')}
        </Link>
        <DemoTag show={demo} />
      </div>
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })} className="card">
        <Tabs.Tab key="favourites" title={t('tabs.favourites')}>
          <CoinList rows={favRows} star empty={t('list.noFavourites')} testId="favourites-list" />
        </Tabs.Tab>
        <Tabs.Tab key="spot" title={t('tabs.spot')}>
          {isLoading ? (
            <div className="list-loading">{t('loading')}</div>
          ) : isError ? (
            <EmptyState title={t('list.failed')} />
          ) : (
            <CoinList rows={rows} star testId="spot-list" />
          )}
        </Tabs.Tab>
        <Tabs.Tab key="futures" title={t('tabs.futures')}>
          <Suspense fallback={<div className="list-loading">{t('loading')}</div>}>
            <FuturesContractList />
          </Suspense>
        </Tabs.Tab>
        <Tabs.Tab key="cycle" title={t('tabs.cycle')}>
          <CycleList />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
