import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import type { StopOrder } from '@tidemark/contract/spot-stops';
import { formatPrice } from '../../../lib/format/price.ts';
import { statusKey } from '../model/order-view.ts';

/**
 * A stop order in the open-orders list: its trigger price and state (waiting / triggered / cancelled), and what it
 * places; an OCO pair is this one item, its limit leg shown inside. Waiting stops can be revoked (an OCO as a pair).
 */
export function StopOrderItem(props: { stop: StopOrder; onRevoke: (s: StopOrder) => void }) {
  const { t, i18n } = useTranslation('trade');
  const s = props.stop;
  const when = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'short', timeStyle: 'medium' });
  const leg = s.ocoOrder;
  return (
    <li className="order-item" data-testid="stop-order" data-stop-id={s.id} data-state={s.status}>
      <div className="order-item__head">
        <span className={s.side === 'buy' ? 'is-up' : 'is-down'}>{t(`side.${s.side}`)}</span>
        <span>{t(leg ? 'type.oco' : `type.${s.type}`)}</span>
        <span className={`stop-state stop-state--${s.status}`} data-testid="stop-state">
          {t(`stops.state.${s.status}`)}
        </span>
        {s.status === 'waiting' && (
          <Button size="mini" color="danger" fill="outline" onClick={() => props.onRevoke(s)} data-testid="revoke-stop">
            {t('orders.revoke')}
          </Button>
        )}
      </div>
      <dl className="order-item__grid">
        <dt>{t('stops.trigger')}</dt>
        <dd data-testid="stop-trigger">{formatPrice(s.stopPrice)}</dd>
        <dt>{t(leg ? 'stops.stopLeg' : 'order.price')}</dt>
        <dd>{s.price ? formatPrice(s.price) : t('type.market')}</dd>
        {leg && (
          <>
            <dt>{t('stops.limitLeg')}</dt>
            <dd data-testid="oco-leg">
              {formatPrice(leg.price)} · {t(statusKey(leg))}
            </dd>
          </>
        )}
        <dt>{t('order.quantity')}</dt>
        <dd>{s.quantity ?? (s.quoteAmount ? `${s.quoteAmount} USDT` : '--')}</dd>
        <dt>{t('order.time')}</dt>
        <dd>{when.format(s.triggeredAt ?? s.updatedAt)}</dd>
        {s.cancelReason && (
          <>
            <dt>{t('stops.why')}</dt>
            <dd>{t(`stops.reason.${s.cancelReason}`)}</dd>
          </>
        )}
        {s.orderId !== null && (
          <>
            <dt>{t('stops.placed')}</dt>
            <dd>
              <Link to={`/tradDetail/${s.orderId}`} data-testid="stop-placed-order">
                #{s.orderId}
              </Link>
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}
