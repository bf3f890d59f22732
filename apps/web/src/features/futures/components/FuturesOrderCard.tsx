import Button from 'antd-mobile/es/components/button';
import type { FuturesOrder } from '@tidemark/contract/futures';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatPrice } from '../../../lib/format/price.ts';

/** One futures order: side as open/close of long/short, type, price, filled of quantity, fee, status, why. */
export function FuturesOrderCard(props: { order: FuturesOrder; onCancel?: () => void }) {
  const { t, i18n } = useTranslation('futures');
  const o = props.order;
  const when = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <li className="order-item" data-testid="futures-order" data-order-id={o.id}>
      <div className="order-item__head">
        <span className={o.side === 'buy' ? 'is-up' : 'is-down'}>{t(`side.${o.side}`)}</span>
        <strong>{o.symbol}</strong>
        <span>{t(`type.${o.type}`)}</span>
        <span className="order-item__time">{when.format(o.createTime)}</span>
        {props.onCancel && (
          <Button size="mini" color="danger" fill="outline" onClick={props.onCancel} data-testid="futures-cancel">
            {t('orders.cancel')}
          </Button>
        )}
      </div>
      <dl className="order-item__grid">
        <dt>{t('orders.price')}</dt>
        <dd>{o.price ? formatPrice(o.price) : t('type.market')}</dd>
        <dt>{t('orders.average')}</dt>
        <dd>{formatPrice(o.averagePrice)}</dd>
        <dt>{t('orders.filled')}</dt>
        <dd>
          {o.filledQuantity} / {o.quantity}
        </dd>
        <dt>{t('orders.fee')}</dt>
        <dd>{o.fee}</dd>
        <dt>{t('orders.status')}</dt>
        <dd data-testid="futures-order-status">{t(`status.${o.status}`)}</dd>
        <dt>{t('orders.source')}</dt>
        <dd data-testid="futures-order-source">
          {t(`source.${o.source}`)}
          {o.reduceOnly ? ` · ${t('orders.reduceOnly')}` : ''}
        </dd>
        <dt>{t('ticket.leverage')}</dt>
        <dd>
          {t(`marginMode.${o.marginMode}`)} {o.leverage}×
        </dd>
      </dl>
    </li>
  );
}
