import Button from 'antd-mobile/es/components/button';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { CoinRow } from '../components/CoinRow.tsx';
import { clearRecent, readRecent } from '../components/recent.ts';
import { useMarketRows } from '../components/useMarketRows.ts';
import { matchesQuery } from '../model/favourites.ts';
import '../components/market.css';

const COIN_NAMES: Record<string, string> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  BNB: 'BNB',
  SOL: 'Solana',
  XRP: 'XRP',
  DOGE: 'Dogecoin',
  ADA: 'Cardano',
  TRX: 'TRON',
  LTC: 'Litecoin',
  DOT: 'Polkadot',
  LINK: 'Chainlink',
  AVAX: 'Avalanche',
};

/** /coinSearch: search the spot markets by pair, code or name; recently viewed coins first. */
export default function CoinSearchPage() {
  const { t } = useTranslation('market');
  const { rows } = useMarketRows();
  const [q, setQ] = useState('');
  const [recent, setRecent] = useState(readRecent);
  const found = rows.filter((r) => matchesQuery(r, COIN_NAMES[r.base], q));
  const recentRows = recent.map((s) => rows.find((r) => r.symbol === s)).filter((r) => r !== undefined);
  return (
    <div className="page-body market-page">
      <SearchBar placeholder={t('search.placeholder')} value={q} onChange={setQ} data-testid="coin-search-input" />
      {!q && recentRows.length > 0 && (
        <section className="card" data-testid="recent-list">
          <header className="card__head">
            <h2 className="card__title">{t('search.recent')}</h2>
            <Button
              size="mini"
              fill="none"
              onClick={() => {
                clearRecent();
                setRecent([]);
              }}
            >
              {t('search.clear')}
            </Button>
          </header>
          <ul className="coin-list">
            {recentRows.map((r) => (
              <CoinRow key={r.id} row={r} />
            ))}
          </ul>
        </section>
      )}
      <section className="card">
        {found.length === 0 ? (
          <EmptyState title={t('search.none')} />
        ) : (
          <ul className="coin-list" data-testid="search-results">
            {found.map((r) => (
              <CoinRow key={r.id} row={r} star />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
