import { useTranslation } from '../../../lib/use-translation.ts';
import type { SpotOrder } from '@tidemark/contract';
import { formatPrice } from '../../../lib/format/price.ts';
import { baseOf, sideKey, statusKey, typeKey } from '../model/order-view.ts';

/** A spot order with every field of spec §3: price, time, quantity, unfilled, total, turnover, fee, type, side, status. */
export function OrderCard(props: { order: SpotOrder; onOpen?: () => void }) {
  const { t, i18n } = useTranslation('trade');
  const o = props.order;
  const when = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <div
      className="order-item"
      data-testid="order-card"
      role={props.onOpen ? 'link' : undefined}
      tabIndex={props.onOpen ? 0 : undefined}
      onClick={props.onOpen}
      onKeyDown={(e) => e.key === 'Enter' && props.onOpen?.()}
    >
      <div className="order-item__head">
        <span className={o.side === 'buy' ? 'is-up' : 'is-down'}>{t(sideKey(o))}</span>
        <strong>{baseOf(o.symbol)}/USDT</strong>
        <span>{t(typeKey(o))}</span>
        {o.clientOrderId.startsWith('stop/') && (
          <span className="order-item__tag" data-testid="order-from-stop">
            {t('order.fromStop')}
          </span>
        )}
        {o.clientOrderId.startsWith('oco/') && <span className="order-item__tag">{t('order.ocoLeg')}</span>}
        <span className="order-item__status" data-testid="order-status">
          {t(statusKey(o))}
        </span>
      </div>
      <dl className="order-item__grid order-item__grid--pairs">
        <dt>{t('order.time')}</dt>
        <dd>{when.format(o.createdAt)}</dd>
        <dt>{t('order.price')}</dt>
        <dd>{o.price ? formatPrice(o.price) : t('type.market')}</dd>
        <dt>{t('order.average')}</dt>
        <dd>{formatPrice(o.averagePrice)}</dd>
        <dt>{t('order.quantity')}</dt>
        <dd>{o.quantity ?? '--'}</dd>
        <dt>{t('order.filled')}</dt>
        <dd data-testid="order-filled">{o.filledQuantity}</dd>
        <dt>{t('order.unfilled')}</dt>
        <dd>{o.unfilledQuantity ?? '--'}</dd>
        <dt>{t('order.total')}</dt>
        <dd>{o.totalAmount ?? '--'}</dd>
        <dt>{t('order.turnover')}</dt>
        <dd>{o.turnover}</dd>
        <dt>{t('order.fee')}</dt>
        <dd>
          {o.fee} {o.feeCurrency}
        </dd>
      </dl>
    </div>
  );
}
