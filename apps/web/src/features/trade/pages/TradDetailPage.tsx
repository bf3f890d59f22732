import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatPrice } from '../../../lib/format/price.ts';
import { orderDetailQuery } from '../api/trade.ts';
import { OrderCard } from '../components/OrderCard.tsx';
import { HeadedTable } from '../../../components/HeadedTable.tsx';
import '../components/trade.css';

/** /tradDetail/:id — one order and its fills (trades). */
export default function TradDetailPage() {
  const { t, i18n } = useTranslation('trade');
  const id = Number(useParams().id);
  const detail = useQuery({ ...orderDetailQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const when = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'short', timeStyle: 'medium' });
  if (detail.isLoading) return <div className="list-loading">{t('loading')}</div>;
  if (!detail.data) return <EmptyState title={t('detail.notFound')} />;
  const o = detail.data;
  return (
    <div className="page-body" data-testid="trad-detail">
      <section className="card">
        <OrderCard order={o} />
      </section>
      <section className="card">
        <header className="card__head">
          <h2 className="card__title">{t('detail.fills', { count: o.fills.length })}</h2>
        </header>
        {o.fills.length === 0 ? (
          <EmptyState title={t('detail.noFills')} />
        ) : (
          <HeadedTable
            head={[t('order.time'), t('order.price'), t('order.quantity'), t('order.fee')]}
            className="trades-table"
            testId="fills"
          >
            {o.fills.map((f) => (
              <tr key={f.tradeId} data-testid="fill-row">
                <td>{when.format(f.time)}</td>
                <td>{formatPrice(f.price)}</td>
                <td>{f.quantity}</td>
                <td>
                  {f.fee} {f.feeCurrency}
                  <div className="muted">{t(`role.${f.role}`)}</div>
                </td>
              </tr>
            ))}
          </HeadedTable>
        )}
      </section>
    </div>
  );
}
