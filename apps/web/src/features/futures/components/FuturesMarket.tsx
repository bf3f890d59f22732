import type { FuturesContract } from '@tidemark/contract/futures';
import { useTranslation } from 'react-i18next';
import { useFuturesDepth, useFuturesTrades } from '../../../lib/realtime/hooks.ts';
import { TradesList } from '../../market/components/TradesList.tsx';
import { OrderBook } from '../../trade/components/OrderBook.tsx';
import '../../market/components/market.css';

/**
 * The contract's live order book and latest trades (the `futures.depth` and `futures.trades` channels). A tap
 * on a price of the book puts it in the ticket as a limit price.
 */
export function FuturesMarket(props: { contract: FuturesContract; onPrice: (price: string) => void }) {
  const { t } = useTranslation('futures');
  const symbol = props.contract.symbol;
  const book = useFuturesDepth(symbol);
  const trades = useFuturesTrades(symbol);
  const latest = trades?.[0];
  return (
    <section className="card futures-market" data-testid="futures-market">
      <header className="card__head">
        <h2 className="card__title">{t('market.book')}</h2>
      </header>
      <OrderBook
        book={book}
        last={latest?.price ?? props.contract.markPrice}
        lastUp={latest ? latest.side === 'buy' : true}
        rows={5}
        onPrice={props.onPrice}
      />
      <header className="card__head">
        <h2 className="card__title">{t('market.trades')}</h2>
      </header>
      <div data-testid="futures-trades">
        <TradesList trades={trades} limit={10} />
      </div>
    </section>
  );
}
