import type { FuturesPosition } from '@tidemark/contract/futures';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatPrice } from '../../../lib/format/price.ts';
import { ratePercent } from '../model/contract-units.ts';

/** Signed amounts get their colour from the sign, never from a parsed number. */
const tone = (v: string | null) =>
  v === null || /^-?0(\.0*)?$/.test(v) ? '' : v.startsWith('-') ? 'is-down' : 'is-up';

/**
 * One contract position with every field of spec §3 "Contract position": direction, order number, open
 * price, quantity, closable amount, margin, estimated liquidation price, position value, fee, position
 * interest, P/L, yield, stop-profit and stop-loss prices, open time; for a closed one its closed price and
 * close time. `actions` are the open position's buttons.
 */
export function PositionCard(props: { position: FuturesPosition; actions?: ReactNode }) {
  const { t, i18n } = useTranslation('futures');
  const p = props.position;
  const when = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'short', timeStyle: 'medium' });
  const open = p.status === 'open';
  const pnl = open ? p.unrealizedPnl : p.realizedPnl;
  // a TP/SL on the last price says so; the mark is the default and needs no tag
  const withTrigger = (text: string, price: string | null, trigger: 'mark' | 'last') =>
    price !== null && trigger === 'last' ? `${text} (${t('stopPl.trigger.last')})` : text;
  const row = (key: string, value: ReactNode, testId?: string, className = '') => (
    <>
      <dt>{t(key)}</dt>
      <dd data-testid={testId} className={className}>
        {value}
      </dd>
    </>
  );
  return (
    <li className="order-item position-card" data-testid={open ? 'position' : 'closed-position'} data-symbol={p.symbol}>
      <div className="order-item__head">
        <span
          className={`position-card__dir ${p.direction === 'long' ? 'is-up' : 'is-down'}`}
          data-testid="position-direction"
        >
          {t(`direction.${p.direction}`)}
        </span>
        <strong>{p.symbol}</strong>
        <span className="position-card__tag">
          {t(`marginMode.${p.marginMode}`)} {p.leverage}×
        </span>
        <span className="order-item__time">#{p.id}</span>
      </div>
      <dl className="order-item__grid">
        {row('position.pnl', pnl ?? '--', 'position-pnl', tone(pnl))}
        {row(
          'position.yield',
          p.yield === null ? '--' : `${ratePercent(p.yield, 2)}%`,
          'position-yield',
          tone(p.yield),
        )}
        {row('position.openPrice', formatPrice(p.openPrice), 'position-open-price')}
        {row('position.quantity', p.quantity, 'position-quantity')}
        {open && row('position.closable', p.closableQuantity, 'position-closable')}
        {open && row('price.mark', formatPrice(p.markPrice))}
        {row('position.margin', p.margin, 'position-margin')}
        {open &&
          row(
            'position.liquidation',
            // null: no price liquidates it (the margin covers the whole position), which "--" would hide
            p.estimatedLiquidationPrice === null ? t('liq.none') : formatPrice(p.estimatedLiquidationPrice),
            'position-liquidation',
          )}
        {open && row('position.value', p.positionValue ?? '--', 'position-value')}
        {row('position.fee', p.fee, 'position-fee')}
        {row('position.interest', p.positionInterest, 'position-interest', tone(p.positionInterest))}
        {open &&
          row(
            'position.takeProfit',
            withTrigger(formatPrice(p.takeProfitPrice), p.takeProfitPrice, p.takeProfitTrigger),
            'position-tp',
          )}
        {open &&
          row(
            'position.stopLoss',
            withTrigger(formatPrice(p.stopLossPrice), p.stopLossPrice, p.stopLossTrigger),
            'position-sl',
          )}
        {open &&
          p.trailingStop &&
          row(
            'stopPl.trailing.title',
            `${p.trailingStop.callbackRate}% · ${
              p.trailingStop.stopPrice === null ? t('stopPl.trailing.waiting') : formatPrice(p.trailingStop.stopPrice)
            }`,
            'position-trailing',
          )}
        {!open && row('position.closedPrice', formatPrice(p.closedPrice), 'position-closed-price')}
        {!open && row('position.closedQuantity', p.closedQuantity)}
        {!open &&
          row(
            'position.closeReason',
            p.closeReason ? t(`closeReason.${p.closeReason}`) : '--',
            'position-close-reason',
          )}
        {row('position.openTime', when.format(p.openTime))}
        {!open &&
          row('position.closeTime', p.closeTime === null ? '--' : when.format(p.closeTime), 'position-close-time')}
        {open && p.adlRank !== null && row('position.adl', `${p.adlRank}/5`)}
      </dl>
      {p.closeReason === 'liquidation' && (
        <Link
          className="position-card__link"
          to={`/liquidationSettlement/${p.id}`}
          data-testid="liquidation-settlement-link"
        >
          {t('settlement.link')}
        </Link>
      )}
      {props.actions}
    </li>
  );
}
