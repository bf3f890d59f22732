import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { LazyPopup } from '../../../components/LazyPopup.tsx';
import ProgressBar from 'antd-mobile/es/components/progress-bar';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { formatPrice } from '../../../lib/format/price.ts';
import { orderQuery, type Contract } from '../api/cycle.ts';
import { clockOffset, mmss, secondsLeft } from '../model/server-time.ts';
import { DirectionTag, Line, ResultTag } from './badges.tsx';

/**
 * After a purchase: the countdown to the fixed end time (on the server's clock), the entry price as
 * soon as its tick is stored, then the result with the ticks that decided it.
 */
export function CountdownSheet(props: { contract: (Contract & { now: number }) | null; onClose: () => void }) {
  const c = props.contract;
  return (
    <LazyPopup
      visible={c !== null}
      onMaskClick={props.onClose}
      bodyStyle={{ borderTopLeftRadius: 16, borderTopRightRadius: 16 }}
      destroyOnClose
    >
      {c && <Countdown contract={c} onClose={props.onClose} />}
    </LazyPopup>
  );
}

function Countdown(props: { contract: Contract & { now: number }; onClose: () => void }) {
  const { t } = useTranslation('cycle');
  const navigate = useNavigate();
  const c = props.contract;
  const [offset] = useState(() => clockOffset(c.now, Date.now()));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = secondsLeft(c.endAt, now, offset);
  const detail = useQuery({
    ...orderQuery(c.id),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'open' ? false : 1000),
  });
  const d = detail.data;
  const settled = d && d.status !== 'open';
  return (
    <div className="cy-sheet" data-testid="cycle-countdown">
      <div className="cy-sheet__title">
        {c.instrument} <DirectionTag direction={c.direction} /> {t('period.seconds', { n: c.period })}
      </div>
      {!settled ? (
        <>
          <div className="cy-count" data-testid="cycle-countdown-time">
            {left > 0 ? mmss(left) : t('countdown.settling')}
          </div>
          <ProgressBar percent={Math.min(100, ((c.period - left) / c.period) * 100)} />
        </>
      ) : (
        <div className="cy-count cy-count--done">
          <ResultTag status={d.status} />
          {d.pnl && (
            <div
              className={`cy-pnl ${d.pnl.startsWith('-') ? 'cy-pnl--down' : 'cy-pnl--up'}`}
              data-testid="cycle-pnl"
            >{`${d.pnl.startsWith('-') ? '' : '+'}${d.pnl} ${d.currency}`}</div>
          )}
          {d.refundReason && <div className="cy-note">{t(`refund.${d.refundReason}`)}</div>}
        </div>
      )}
      <Line label={t('field.stake')} value={`${c.stake} ${c.currency}`} />
      <Line label={t('field.expectedReturn')} value={`${c.expectedReturn} ${c.currency}`} />
      <Line label={t('field.buyPrice')} value={formatPrice(d?.buyPrice ?? null)} testId="countdown-entry" />
      {settled && <Line label={t('field.closePrice')} value={formatPrice(d.closePrice)} testId="countdown-exit" />}
      <div className="cy-sheet__actions">
        <Button block onClick={props.onClose}>
          {t('countdown.close')}
        </Button>
        <Button
          block
          color="primary"
          fill="outline"
          onClick={() => navigate(`/cycle/order/${c.id}`)}
          data-testid="cycle-open-detail"
        >
          {t('countdown.detail')}
        </Button>
      </div>
    </div>
  );
}
