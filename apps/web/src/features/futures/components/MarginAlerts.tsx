import type { FuturesAlert } from '@tidemark/contract/futures';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatPrice } from '../../../lib/format/price.ts';
import { activeWarnings } from '../../../lib/realtime/channel-reducers.ts';
import { useMyFuturesAlerts } from '../../../lib/realtime/hooks.ts';
import { ratePercent } from '../model/contract-units.ts';
import { showToast } from '../../../lib/feedback.ts';

/**
 * The liquidation warnings of the `futures.alerts` channel: a banner per position whose margin ratio is over
 * the warning threshold, and a notice when a position is liquidated.
 */
export function MarginAlerts() {
  const { t } = useTranslation('futures');
  const alerts = useMyFuturesAlerts();
  const told = useRef<FuturesAlert | null>(null);
  const last = alerts?.at(-1) ?? null;
  useEffect(() => {
    if (!last || last === told.current || last.kind !== 'liquidated') return;
    told.current = last;
    showToast({
      content: t('alerts.liquidated', {
        symbol: last.symbol,
        direction: t(`direction.${last.direction}`),
        quantity: last.quantity,
        price: formatPrice(last.markPrice),
      }),
      duration: 5000,
    });
  }, [last, t]);
  const active = activeWarnings(alerts ?? []);
  if (!active.length) return null;
  return (
    <div className="futures-alerts">
      {active.map((a) =>
        a.kind === 'liquidated' ? null : (
          <p key={a.positionId} className="futures-alert" role="alert" data-testid="margin-warning">
            {a.marginRatio === null
              ? t('alerts.marginGone', { symbol: a.symbol })
              : t('alerts.marginWarning', { symbol: a.symbol, ratio: ratePercent(a.marginRatio, 2) })}
          </p>
        ),
      )}
    </div>
  );
}
