import Tabs from 'antd-mobile/es/components/tabs';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { FuturesContract } from '@tidemark/contract/futures';
import { OrderBook } from '../../../components/order-book/OrderBook.tsx';
import { TradesList } from '../../../components/order-book/TradesList.tsx';
import { useFuturesDepth, useFuturesTrades } from '../../../lib/realtime/hooks.ts';

/**
 * The contract's own order book and latest trades, live on the `futures.depth` and `futures.trades` channels; a
 * tapped book price goes to the ticket as a limit price.
 */
export function FuturesBook(props: { contract: FuturesContract; onPrice: (price: string) => void }) {
  const { t } = useTranslation('book');
  const c = props.contract;
  const book = useFuturesDepth(c.symbol);
  const trades = useFuturesTrades(c.symbol);
  const last = trades?.[0] ?? null;
  return (
    <section className="card futures-book" data-testid="futures-book">
      <Tabs defaultActiveKey="book">
        <Tabs.Tab key="book" title={t('book')}>
          <OrderBook
            book={book}
            tickSize={c.tickSize}
            last={last?.price ?? c.markPrice}
            lastUp={last ? last.side === 'buy' : true}
            onPrice={props.onPrice}
          />
        </Tabs.Tab>
        <Tabs.Tab key="trades" title={t('trades')}>
          <div data-testid="futures-trades">
            <TradesList trades={trades} limit={20} />
          </div>
        </Tabs.Tab>
      </Tabs>
    </section>
  );
}
