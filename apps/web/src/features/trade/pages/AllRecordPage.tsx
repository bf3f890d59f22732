import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate, useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { HISTORY_PAGE_SIZE, historyQuery, marketsQuery } from '../api/trade.ts';
import { OrderCard } from '../components/OrderCard.tsx';
import '../components/trade.css';

/** /allRecord/:coinType — the user's spot orders in that coin's market, newest first, paged. */
export default function AllRecordPage() {
  const { t } = useTranslation('trade');
  const navigate = useNavigate();
  const coinType = Number(useParams().coinType);
  const markets = useQuery(marketsQuery());
  const symbol = markets.data?.find((m) => m.coinType === coinType)?.symbol;
  const [page, setPage] = useState(1);
  const history = useQuery({ ...historyQuery(symbol, page), enabled: symbol !== undefined });
  if (markets.isLoading || history.isLoading) return <div className="list-loading">{t('loading')}</div>;
  if (!symbol) return <EmptyState title={t('noMarkets')} />;
  const items = history.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE_SIZE));
  return (
    <div className="page-body" data-testid="all-record">
      {items.length === 0 ? (
        <EmptyState title={t('orders.noHistory')} />
      ) : (
        <section className="card order-list">
          {items.map((o) => (
            <OrderCard key={o.id} order={o} onOpen={() => navigate(`/tradDetail/${o.id}`)} />
          ))}
        </section>
      )}
      {pages > 1 && (
        <div className="button-row">
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('page.prev')}
          </Button>
          <span>
            {page} / {pages}
          </span>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('page.next')}
          </Button>
        </div>
      )}
    </div>
  );
}
