import { useQuery } from '@tanstack/react-query';
import Tabs from 'antd-mobile/es/components/tabs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FuturesContract } from '@tidemark/contract/futures';
import { OrderBook } from '../../../components/order-book/OrderBook.tsx';
import { TradesList } from '../../../components/order-book/TradesList.tsx';
import { bookFromSnapshot } from '../../../lib/realtime/depth-book.ts';
import { futuresDepthQuery, futuresTradesQuery } from '../api/book.ts';

/** The contract's own order book and latest trades; a tapped book price goes to the ticket. */
export function FuturesBook(props: { contract: FuturesContract; onPrice: (price: string) => void }) {
  const { t } = useTranslation('book');
  const c = props.contract;
  const depth = useQuery(futuresDepthQuery(c.symbol));
  const trades = useQuery(futuresTradesQuery(c.symbol));
  const book = useMemo(() => (depth.data ? bookFromSnapshot(depth.data) : undefined), [depth.data]);
  const last = trades.data?.[0] ?? null;
  const previous = trades.data?.[1] ?? null;
  const lastUp = !last || !previous || last.side === 'buy';
  return (
    <section className="card futures-book" data-testid="futures-book">
      <Tabs defaultActiveKey="book">
        <Tabs.Tab key="book" title={t('book')}>
          <OrderBook
            book={book}
            tickSize={c.tickSize}
            last={last?.price ?? null}
            lastUp={lastUp}
            onPrice={props.onPrice}
          />
        </Tabs.Tab>
        <Tabs.Tab key="trades" title={t('trades')}>
          <div data-testid="futures-trades">
            <TradesList trades={trades.data} limit={20} />
          </div>
        </Tabs.Tab>
      </Tabs>
    </section>
  );
}
