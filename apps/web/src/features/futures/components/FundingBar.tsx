import type { FundingInfo, FuturesContract } from '@tidemark/contract/futures';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatPrice } from '../../../lib/format/price.ts';
import { ratePercent } from '../model/contract-units.ts';
import { countdownText } from '../model/countdown.ts';
import { useNow } from './useFutures.ts';

/**
 * Mark and index price, the predicted funding rate and the countdown to the next settlement. The countdown
 * runs from the server's `countdown` (ms) measured when the answer arrived, so a wrong device clock does not
 * shift it.
 */
export function FundingBar(props: { contract: FuturesContract; funding: FundingInfo | undefined; receivedAt: number }) {
  const { t } = useTranslation('futures');
  const now = useNow();
  const f = props.funding;
  return (
    <dl className="funding-bar" data-testid="funding-bar">
      <div>
        <dt>{t('price.mark')}</dt>
        <dd data-testid="mark-price">{formatPrice(props.contract.markPrice)}</dd>
      </div>
      <div>
        <dt>{t('price.index')}</dt>
        <dd>{formatPrice(props.contract.indexPrice)}</dd>
      </div>
      <div>
        <dt>{t('funding.rate')}</dt>
        <dd data-testid="funding-rate">{f ? `${ratePercent(f.predictedRate)}%` : '--'}</dd>
      </div>
      <div>
        <dt>{t('funding.countdown')}</dt>
        <dd data-testid="funding-countdown">{f ? countdownText(props.receivedAt + f.countdown, now) : '--'}</dd>
      </div>
    </dl>
  );
}
