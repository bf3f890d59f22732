import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import type { DepthLevel } from '@tidemark/contract';
import { formatPrice } from '../../lib/format/price.ts';
import type { DepthBook } from '../../lib/realtime/depth-book.ts';
import { depthPercents, groupingSteps, groupLevels } from './book-grouping.ts';
import './order-book.css';

/**
 * A live order book (spot or futures): asks above (lowest nearest the middle), the last price, bids below. Each row
 * is shaded by the size summed from the best price; the prices can be grouped by the tick × 1, 10, 100 or 1,000;
 * tapping a row hands its price to the ticket.
 */
export function OrderBook(props: {
  book: DepthBook | undefined;
  tickSize: string;
  last: string | null;
  lastUp: boolean;
  rows?: number;
  onPrice: (price: string) => void;
}) {
  const { t } = useTranslation('book');
  const n = props.rows ?? 7;
  const steps = useMemo(() => groupingSteps(props.tickSize), [props.tickSize]);
  const [step, setStep] = useState(steps[0]!);
  const { asks, bids, depth } = useMemo(() => {
    const grouped = (levels: DepthLevel[] | undefined, side: 'bid' | 'ask') =>
      groupLevels(levels ?? [], step, side).slice(0, n);
    const a = grouped(props.book?.asks, 'ask');
    const b = grouped(props.book?.bids, 'bid');
    return { asks: a, bids: b, depth: depthPercents(b, a) };
  }, [props.book, step, n]);

  const level = (l: DepthLevel, side: 'ask' | 'bid', percent: number) => (
    <li
      key={side + l[0]}
      className={`book__row book__row--${side}`}
      style={{ '--depth': `${percent}%` } as React.CSSProperties}
    >
      <button type="button" onClick={() => props.onPrice(l[0])} data-testid={`book-${side}`} data-price={l[0]}>
        <span className="book__price">{formatPrice(l[0])}</span>
        <span className="book__qty">{l[1]}</span>
      </button>
    </li>
  );
  return (
    <div className="book" data-testid="order-book">
      <div className="book__tools">
        <select
          className="book__grouping"
          aria-label={t('grouping')}
          value={step}
          onChange={(e) => setStep(e.target.value)}
          data-testid="book-grouping"
        >
          {steps.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="book__head">
        <span>{t('price')}</span>
        <span>{t('amount')}</span>
      </div>
      <ul className="book__side book__side--asks">
        {asks.length ? (
          asks.map((l, i) => level(l, 'ask', depth.asks[i] ?? 0)).reverse()
        ) : (
          <li className="book__empty">{t('noAsks')}</li>
        )}
      </ul>
      <div className={'book__last ' + (props.lastUp ? 'is-up' : 'is-down')} data-testid="book-last">
        {formatPrice(props.last)}
      </div>
      <ul className="book__side">
        {bids.length ? (
          bids.map((l, i) => level(l, 'bid', depth.bids[i] ?? 0))
        ) : (
          <li className="book__empty">{t('noBids')}</li>
        )}
      </ul>
    </div>
  );
}
