import Button from 'antd-mobile/es/components/button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import type { SpotOrder } from '@tidemark/contract';
import type { StopOrder } from '@tidemark/contract/spot-stops';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatPrice } from '../../../lib/format/price.ts';
import { dateTimeFormat } from '../../../lib/format/date-time.ts';
import { cancelAll, cancelOrder, cancelStop } from '../api/trade.ts';
import { StopOrderItem } from './StopOrderItem.tsx';
import { sideKey, statusKey, typeKey } from '../model/order-view.ts';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';

/**
 * The user's open orders in this market, each with "revoke", and "revoke all" (spec §4); above them the market's
 * recent stop orders with their state — an OCO pair as one item, so its limit leg is not listed again below.
 */
export function OpenOrders(props: {
  symbol: string;
  coinType: number;
  orders: SpotOrder[] | undefined;
  stops?: StopOrder[];
}) {
  const { t, i18n } = useTranslation('trade');
  const queryClient = useQueryClient();
  const refresh = () => void refreshMoney(queryClient);
  // made at the first order listed (a guest's empty list needs none), then kept (lib/format/date-time.ts)
  const when = (ms: number) => dateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(ms);
  const stops = props.stops ?? [];
  const legs = new Set(stops.flatMap((s) => (s.status === 'waiting' && s.ocoOrder ? [s.ocoOrder.id] : [])));
  const orders = (props.orders ?? []).filter((o) => !legs.has(o.id));
  const waiting = stops.filter((s) => s.status === 'waiting').length;

  async function revokeStop(s: StopOrder) {
    const amount = s.quantity ?? (s.quoteAmount ? `${s.quoteAmount} USDT` : '');
    const summary = `${t(`side.${s.side}`)} ${amount} · ${t('stops.trigger')} ${formatPrice(s.stopPrice)}`;
    const ok = await confirmDialog({
      content: t(s.ocoOrder ? 'stops.revokePairConfirm' : 'orders.revokeConfirm', { summary }),
      confirmText: t('orders.revoke'),
      cancelText: t('orders.keep'),
    });
    if (!ok) return;
    try {
      await cancelStop(s.id);
      showToast({ content: t('orders.revoked') });
    } finally {
      refresh();
    }
  }

  async function revoke(o: SpotOrder) {
    const amount = o.quantity ?? (o.quoteAmount ? `${o.quoteAmount} USDT` : '');
    const summary = `${t(sideKey(o))} ${amount}${o.price ? ` @ ${formatPrice(o.price)}` : ''}`;
    const ok = await confirmDialog({
      content: t('orders.revokeConfirm', { summary }),
      confirmText: t('orders.revoke'),
      cancelText: t('orders.keep'),
    });
    if (!ok) return;
    try {
      await cancelOrder(o.id);
      showToast({ content: t('orders.revoked') });
    } finally {
      refresh();
    }
  }
  async function revokeAll() {
    if (
      !(await confirmDialog({
        content: t('orders.revokeAllConfirm'),
        confirmText: t('orders.revokeAll'),
        cancelText: t('orders.keep'),
      }))
    )
      return;
    try {
      const r = await cancelAll(props.symbol);
      showToast({ content: t('orders.revokedCount', { count: r.cancelled }) });
    } finally {
      refresh();
    }
  }

  return (
    <section className="card" data-testid="open-orders">
      <header className="card__head">
        <h2 className="card__title">{t('orders.open', { count: orders.length + waiting })}</h2>
        <div className="open-orders__actions">
          {orders.length + waiting > 1 && (
            <Button size="mini" onClick={() => void revokeAll()} data-testid="revoke-all">
              {t('orders.revokeAll')}
            </Button>
          )}
          <Link to={`/allRecord/${props.coinType}`} data-testid="all-records">
            {t('orders.all')}
          </Link>
        </div>
      </header>
      {stops.length > 0 && (
        <ul className="order-list" data-testid="stop-orders">
          {stops.map((s) => (
            <StopOrderItem key={s.id} stop={s} onRevoke={(x) => void revokeStop(x)} />
          ))}
        </ul>
      )}
      {orders.length === 0 ? (
        stops.length === 0 && <EmptyState title={t('orders.none')} />
      ) : (
        <ul className="order-list">
          {orders.map((o) => (
            <li key={o.id} className="order-item" data-testid="open-order" data-order-id={o.id}>
              <div className="order-item__head">
                <span className={o.side === 'buy' ? 'is-up' : 'is-down'}>{t(sideKey(o))}</span>
                <span>{t(typeKey(o))}</span>
                <span className="order-item__time">{when(o.createdAt)}</span>
                <Button size="mini" color="danger" fill="outline" onClick={() => void revoke(o)} data-testid="revoke">
                  {t('orders.revoke')}
                </Button>
              </div>
              <dl className="order-item__grid">
                <dt>{t('order.price')}</dt>
                <dd>{o.price ? formatPrice(o.price) : t('type.market')}</dd>
                <dt>{t('order.quantity')}</dt>
                <dd>{o.quantity ?? '--'}</dd>
                <dt>{t('order.unfilled')}</dt>
                <dd>{o.unfilledQuantity ?? '--'}</dd>
                <dt>{t('order.status')}</dt>
                <dd>{t(statusKey(o))}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
