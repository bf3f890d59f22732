import Tabs from 'antd-mobile/es/components/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
// market feature: the coin rows and live tickers are the market list's own
import { CoinRow } from '../../market/components/CoinRow.tsx';
import { useMarketRows } from '../../market/components/useMarketRows.ts';
import { rank, type Ranking } from '../../market/model/rankings.ts';
import '../../market/components/market.css';

const RANKINGS: Array<{ key: Ranking; label: string }> = [
  { key: 'turnover', label: 'home.rankTurnover' },
  { key: 'gainers', label: 'home.rankGainers' },
  { key: 'losers', label: 'home.rankLosers' },
];

/** The home ranking lists of spec §2: by 24-hour turnover, gainers and losers. */
export function Rankings() {
  const { t } = useTranslation('common');
  const { t: tm } = useTranslation('market');
  const { rows, isLoading } = useMarketRows();
  const [active, setActive] = useState<Ranking>('turnover');
  const list = rank(rows, active);
  return (
    <Tabs activeKey={active} onChange={(k) => setActive(k as Ranking)}>
      {RANKINGS.map((r) => (
        <Tabs.Tab key={r.key} title={t(r.label)}>
          {isLoading ? (
            <div className="list-loading">{tm('loading')}</div>
          ) : list.length === 0 ? (
            <EmptyState title={rows.length ? tm(`ranking.none.${r.key}`) : t('home.noMarkets')} />
          ) : (
            <ul className="coin-list" data-testid={`ranking-${r.key}`}>
              {list.map((row) => (
                <CoinRow key={row.id} row={row} />
              ))}
            </ul>
          )}
        </Tabs.Tab>
      ))}
    </Tabs>
  );
}
