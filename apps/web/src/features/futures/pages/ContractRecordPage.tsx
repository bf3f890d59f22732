import Button from 'antd-mobile/es/components/button';
import Tabs from 'antd-mobile/es/components/tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@tidemark/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useParams, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import {
  cancelFuturesOrder,
  contractsQuery,
  fetchClosedPositions,
  fetchFundingHistory,
  fetchOrderHistory,
  futuresKeys,
  openOrdersQuery,
  RECORD_PAGE_SIZE,
} from '../api/futures.ts';
import { FuturesOrderCard } from '../components/FuturesOrderCard.tsx';
import { coinTypeOf } from '../model/coin-type.ts';
import { PositionCard } from '../components/PositionCard.tsx';
import { useLiveFutures } from '../components/useFutures.ts';
import { ratePercent } from '../model/contract-units.ts';
import { formatPrice } from '../../../lib/format/price.ts';
import '../../trade/components/trade.css';
import '../components/futures.css';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { ShareCard } from '../../share/components/ShareCard.tsx';
import { showToast } from '../../../lib/feedback.ts';

const TABS = ['open', 'history', 'closed', 'funding'] as const;
type Tab = (typeof TABS)[number];

/** /contractRecord/:coinType — the contract's open orders, order history, closed positions and funding payments. */
export default function ContractRecordPage() {
  const { t } = useTranslation('futures');
  const coinType = Number(useParams().coinType);
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'open';
  useLiveFutures({ mine: true });
  const contracts = useQuery(contractsQuery());
  const symbol = contracts.data?.find((c) => coinTypeOf(c.base) === coinType)?.symbol;
  if (contracts.isLoading) return <div className="list-loading">{t('loading')}</div>;
  if (!symbol) return <EmptyState title={t('noContracts')} />;
  return (
    <div className="page-body page-body--flush" data-testid="contract-record">
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })} className="card record-tabs">
        <Tabs.Tab key="open" title={t('record.open')}>
          <OpenOrdersTab symbol={symbol} />
        </Tabs.Tab>
        <Tabs.Tab key="history" title={t('record.history')}>
          <Paged
            queryKey={futuresKeys.record('history', symbol)}
            fetchPage={(page) => fetchOrderHistory(symbol, page)}
            testId="order-history"
            render={(o) => <FuturesOrderCard key={o.id} order={o} />}
          />
        </Tabs.Tab>
        <Tabs.Tab key="closed" title={t('record.closed')}>
          <Paged
            queryKey={futuresKeys.record('closed', symbol)}
            fetchPage={(page) => fetchClosedPositions(symbol, page)}
            testId="closed-positions"
            render={(p) => <PositionCard key={p.id} position={p} actions={<ShareCard kind="futures" id={p.id} />} />}
          />
        </Tabs.Tab>
        <Tabs.Tab key="funding" title={t('record.funding')}>
          <Paged
            queryKey={futuresKeys.record('funding', symbol)}
            fetchPage={(page) => fetchFundingHistory(symbol, page)}
            testId="funding-payments"
            render={(f) => (
              <li key={f.id} className="order-item" data-testid="funding-payment">
                <div className="order-item__head">
                  <span className={f.direction === 'long' ? 'is-up' : 'is-down'}>{t(`direction.${f.direction}`)}</span>
                  <strong>{f.symbol}</strong>
                  <span className="order-item__time">{new Date(f.time).toLocaleString()}</span>
                </div>
                <dl className="order-item__grid">
                  <dt>{t('funding.amount')}</dt>
                  <dd className={f.amount.startsWith('-') ? 'is-down' : 'is-up'}>{f.amount} USDT</dd>
                  <dt>{t('funding.rateShort')}</dt>
                  <dd>{ratePercent(f.rate)}%</dd>
                  <dt>{t('price.mark')}</dt>
                  <dd>{formatPrice(f.markPrice)}</dd>
                  <dt>{t('position.value')}</dt>
                  <dd>{f.positionValue}</dd>
                  <dt>{t('funding.position')}</dt>
                  <dd>#{f.positionId}</dd>
                </dl>
              </li>
            )}
          />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}

function OpenOrdersTab(props: { symbol: string }) {
  const { t } = useTranslation('futures');
  const queryClient = useQueryClient();
  const orders = useQuery(openOrdersQuery(props.symbol));
  if (orders.isLoading) return <div className="list-loading">{t('loading')}</div>;
  const list = orders.data ?? [];
  if (list.length === 0) return <EmptyState title={t('orders.none')} />;
  return (
    <ul className="order-list" data-testid="record-open-orders">
      {list.map((o) => (
        <FuturesOrderCard
          key={o.id}
          order={o}
          onCancel={() =>
            void cancelFuturesOrder(o.id)
              .then(() => showToast({ content: t('orders.cancelled') }))
              .finally(() => void refreshMoney(queryClient))
          }
        />
      ))}
    </ul>
  );
}

/** A paged list of one record kind, newest first. */
function Paged<T>(props: {
  queryKey: readonly unknown[];
  fetchPage: (page: number) => Promise<Page<T>>;
  render: (item: T) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('futures');
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: [...props.queryKey, page], queryFn: () => props.fetchPage(page) });
  if (q.isLoading) return <div className="list-loading">{t('loading')}</div>;
  const items = q.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / RECORD_PAGE_SIZE));
  return (
    <>
      {items.length === 0 ? (
        <EmptyState title={t('record.none')} />
      ) : (
        <ul className="order-list" data-testid={props.testId}>
          {items.map(props.render)}
        </ul>
      )}
      {pages > 1 && (
        <div className="button-row">
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('record.prev')}
          </Button>
          <span>
            {page} / {pages}
          </span>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('record.next')}
          </Button>
        </div>
      )}
    </>
  );
}
