import { useTranslation } from 'react-i18next';
import type { DepthLevel } from '@tidemark/contract';
import { formatPrice } from '../../../lib/format/price.ts';
import type { DepthBook } from '../../../lib/realtime/depth-book.ts';

/** The live order book: asks above (lowest nearest the middle), the last price, bids below. Tap a price to use it. */
export function OrderBook(props: {
  book: DepthBook | undefined;
  last: string | null;
  lastUp: boolean;
  rows?: number;
  onPrice: (price: string) => void;
}) {
  const { t } = useTranslation('trade');
  const n = props.rows ?? 7;
  const asks = (props.book?.asks ?? []).slice(0, n).reverse();
  const bids = (props.book?.bids ?? []).slice(0, n);
  const level = (l: DepthLevel, side: 'ask' | 'bid') => (
    <li key={side + l[0]} className={`book__row book__row--${side}`}>
      <button type="button" onClick={() => props.onPrice(l[0])} data-testid={`book-${side}`}>
        <span className="book__price">{formatPrice(l[0])}</span>
        <span className="book__qty">{l[1]}</span>
      </button>
    </li>
  );
  return (
    <div className="book" data-testid="order-book">
      <div className="book__head">
        <span>{t('book.price')}</span>
        <span>{t('book.amount')}</span>
      </div>
      <ul className="book__side book__side--asks">
        {asks.length ? asks.map((l) => level(l, 'ask')) : <li className="book__empty">{t('book.noAsks')}</li>}
      </ul>
      <div className={'book__last ' + (props.lastUp ? 'is-up' : 'is-down')} data-testid="book-last">
        {formatPrice(props.last)}
      </div>
      <ul className="book__side">
        {bids.length ? bids.map((l) => level(l, 'bid')) : <li className="book__empty">{t('book.noBids')}</li>}
      </ul>
    </div>
  );
}
