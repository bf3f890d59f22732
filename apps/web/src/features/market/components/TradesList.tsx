import { useTranslation } from 'react-i18next';
import type { PublicTrade } from '@tidemark/contract';
import { formatPrice } from '../../../lib/format/price.ts';

/** The latest trades, newest first; the price is green for a taker buy, red for a taker sell. */
export function TradesList(props: { trades: PublicTrade[] | undefined; limit?: number }) {
  const { t, i18n } = useTranslation('market');
  const list = (props.trades ?? []).slice(0, props.limit ?? 30);
  const time = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  if (!list.length) return <div className="list-loading">{t('detail.noTrades')}</div>;
  return (
    <table className="trades-table" data-testid="trades-list">
      <thead>
        <tr>
          <th>{t('detail.time')}</th>
          <th>{t('list.price')}</th>
          <th>{t('detail.quantity')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((tr) => (
          <tr key={tr.id} data-testid="trade-row" data-demo={tr.demo}>
            <td>{time.format(tr.time)}</td>
            <td className={tr.side === 'buy' ? 'is-up' : 'is-down'}>{formatPrice(tr.price)}</td>
            <td>{tr.quantity}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
