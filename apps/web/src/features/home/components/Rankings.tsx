import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
// market feature: the coin rows and live tickers are the market list's own
import { CoinRow } from '../../market/components/CoinRow.tsx';
import { useMarketRows } from '../../market/components/useMarketRows.ts';
import { rank, type Ranking } from '../../market/model/rankings.ts';
import '../../market/components/market.css';
import './rankings.css';

const RANKINGS: Array<{ key: Ranking; label: string }> = [
  { key: 'turnover', label: 'home.rankTurnover' },
  { key: 'gainers', label: 'home.rankGainers' },
  { key: 'losers', label: 'home.rankLosers' },
];

/**
 * The home ranking lists of spec §2: by 24-hour turnover, gainers and losers. Three plain tab buttons
 * (not antd-mobile's Tabs, whose animation library would load with the first screen); the list keeps
 * its room while the tickers load so nothing below it jumps.
 */
export function Rankings() {
  const { t } = useTranslation('common');
  const { t: tm } = useTranslation('market');
  const { rows, isLoading } = useMarketRows();
  const [active, setActive] = useState<Ranking>('turnover');
  const list = rank(rows, active);
  return (
    <div className="rankings">
      <div className="rankings__tabs" role="tablist">
        {RANKINGS.map((r) => (
          <button
            key={r.key}
            type="button"
            role="tab"
            id={`ranking-tab-${r.key}`}
            aria-selected={active === r.key}
            aria-controls="ranking-panel"
            className={'rankings__tab' + (active === r.key ? ' is-active' : '')}
            onClick={() => setActive(r.key)}
          >
            {t(r.label)}
          </button>
        ))}
      </div>
      <div className="rankings__panel" role="tabpanel" id="ranking-panel" aria-labelledby={`ranking-tab-${active}`}>
        {isLoading ? (
          <div className="list-loading rankings__loading" aria-busy="true">
            {tm('loading')}
          </div>
        ) : list.length === 0 ? (
          <EmptyState title={rows.length ? tm(`ranking.none.${active}`) : t('home.noMarkets')} />
        ) : (
          <ul className="coin-list" data-testid={`ranking-${active}`}>
            {list.map((row) => (
              <CoinRow key={row.id} row={row} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
