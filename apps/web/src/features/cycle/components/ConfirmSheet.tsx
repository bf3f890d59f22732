import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { LazyPopup } from '../../../components/LazyPopup.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { formatPrice } from '../../../lib/format/price.ts';
import type { Quote } from '../api/cycle.ts';
import { DemoBadge, DirectionTag, Line } from './badges.tsx';

/**
 * The order ticket before confirming: fee, total, what a win returns, the break-even win rate and
 * the house edge; and, before the first contract, the risk disclosure to accept. When the terms changed between
 * the quote and the purchase, it shows the new quote under a notice saying so.
 */
export function ConfirmSheet(props: {
  quote: Quote | null;
  /** This quote replaces one whose terms changed before the purchase. */
  termsChanged?: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (acceptRisk: boolean) => void;
}) {
  const { t } = useTranslation('cycle');
  const [accepted, setAccepted] = useState(false);
  const q = props.quote;
  return (
    <LazyPopup
      visible={q !== null}
      onMaskClick={props.onCancel}
      bodyStyle={{ borderTopLeftRadius: 16, borderTopRightRadius: 16 }}
      destroyOnClose
    >
      {q && (
        <div className="cy-sheet" data-testid="cycle-confirm">
          <div className="cy-sheet__title">
            {t('confirm.title')} <DirectionTag direction={q.direction} />
          </div>
          {props.termsChanged && (
            <p className="cy-terms-changed" role="alert" data-testid="cycle-terms-changed">
              {t('confirm.termsChanged')}
            </p>
          )}
          <Line label={t('field.instrument')} value={q.instrument} />
          <Line label={t('field.cycle')} value={t('period.seconds', { n: q.period })} />
          <Line
            label={t('field.indexPrice')}
            value={
              <>
                {formatPrice(q.indexPrice)} {q.demo && <DemoBadge />}
              </>
            }
          />
          <Line label={t('field.stake')} value={`${q.stake} ${q.currency}`} />
          <Line label={t('field.fee')} value={`${q.fee} ${q.currency}`} testId="confirm-fee" />
          <Line label={t('field.total')} value={`${q.total} ${q.currency}`} testId="confirm-total" />
          <Line label={t('field.expectedReturn')} value={`${q.expectedReturn} ${q.currency}`} testId="confirm-return" />
          <Line label={t('field.payoutRate')} value={t('percent', { v: percent(q.payoutRate) })} />
          <Line label={t('field.breakEven')} value={t('percent', { v: q.breakEvenPercent })} />
          <Line label={t('field.houseEdge')} value={t('percent', { v: q.houseEdgePercent })} />
          <p className="cy-note">{t('confirm.rule')}</p>
          {!q.riskAccepted && (
            <div className="cy-risk">
              <Checkbox checked={accepted} onChange={setAccepted} data-testid="cycle-accept-risk">
                {t('confirm.acceptRisk')}
              </Checkbox>{' '}
              <Link to={`/documentDetail/${q.riskDocument}`} className="cy-link">
                {t('confirm.readRisk')}
              </Link>
            </div>
          )}
          <div className="cy-sheet__actions">
            <Button block onClick={props.onCancel}>
              {t('confirm.cancel')}
            </Button>
            <Button
              block
              color={q.direction === 'up' ? 'success' : 'danger'}
              loading={props.busy}
              disabled={!q.riskAccepted && !accepted}
              onClick={() => props.onConfirm(!q.riskAccepted && accepted)}
              data-testid="cycle-confirm-buy"
            >
              {t('confirm.buy')}
            </Button>
          </div>
        </div>
      )}
    </LazyPopup>
  );
}

/** "0.85" → "85" (a rate shown as a percent: string shift, no float). */
export function percent(rate: string): string {
  const [i = '0', f = ''] = rate.split('.');
  const frac = f.padEnd(2, '0');
  const whole = String(Number(i + frac.slice(0, 2)));
  const rest = frac.slice(2).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}
