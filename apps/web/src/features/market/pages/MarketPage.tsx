import { Tabs } from 'antd-mobile';
import { StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { readCollectedList } from '../../../lib/storage.ts';

/** The market lists of spec §2: favourites (kept locally), spot, futures and cycle. */
export default function MarketPage() {
  const { t } = useTranslation('common');
  const favourites = readCollectedList();
  return (
    <div className="page-body page-body--flush">
      <Tabs defaultActiveKey="spot" className="card">
        <Tabs.Tab key="favourites" title={t('market.favourites')}>
          {favourites.length === 0 ? (
            <EmptyState icon={<StarOutline />} title={t('market.noFavourites')} />
          ) : (
            // favourites of markets that are not listed yet cannot show prices: only their names
            <ul className="plain-list">
              {favourites.map((f) => (
                <li key={String(f.id)}>{f.name}</li>
              ))}
            </ul>
          )}
        </Tabs.Tab>
        <Tabs.Tab key="spot" title={t('market.spot')}>
          <EmptyState title={t('market.spotSoon')} text={t('comingSoon.text')} />
        </Tabs.Tab>
        <Tabs.Tab key="futures" title={t('market.futures')}>
          <EmptyState title={t('market.futuresSoon')} text={t('comingSoon.text')} />
        </Tabs.Tab>
        <Tabs.Tab key="cycle" title={t('market.cycle')}>
          <EmptyState title={t('market.cycleSoon')} text={t('comingSoon.text')} />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
