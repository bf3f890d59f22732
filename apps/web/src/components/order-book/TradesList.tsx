import { useTranslation } from '../../lib/use-translation.ts';
import { dateTimeFormat } from '../../lib/format/date-time.ts';
import { formatPrice } from '../../lib/format/price.ts';
import { HeadedTable } from '../HeadedTable.tsx';
import './order-book.css';

/** A public trade of a spot market or a futures contract (`demo` only where the spot feed says so). */
export interface TapeTrade {
  id: number;
  price: string;
  quantity: string;
  side: 'buy' | 'sell';
  time: number;
  demo?: boolean;
}

// the tape re-renders with every trade: its format is made once per language
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false };

/** The latest trades, newest first; the price in the rising colour for a taker buy, the falling one for a taker sell. */
export function TradesList(props: { trades: readonly TapeTrade[] | undefined; limit?: number }) {
  const { t, i18n } = useTranslation('book');
  const list = (props.trades ?? []).slice(0, props.limit ?? 30);
  if (!list.length) return <div className="list-loading">{t('noTrades')}</div>;
  const time = dateTimeFormat(i18n.language, TIME);
  return (
    <HeadedTable head={[t('time'), t('price'), t('amount')]} className="trades-table" testId="trades-list">
      {list.map((tr) => (
        <tr key={tr.id} data-testid="trade-row" data-demo={tr.demo ?? false}>
          <td>{time.format(tr.time)}</td>
          <td className={tr.side === 'buy' ? 'is-up' : 'is-down'}>{formatPrice(tr.price)}</td>
          <td>{tr.quantity}</td>
        </tr>
      ))}
    </HeadedTable>
  );
}
