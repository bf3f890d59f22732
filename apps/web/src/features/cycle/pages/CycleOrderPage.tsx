import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useParams } from 'react-router-dom';
import { formatPrice } from '../../../lib/format/price.ts';
import { orderQuery, type VerificationTick } from '../api/cycle.ts';
import { DemoBadge, DirectionTag, Line, ResultTag } from '../components/badges.tsx';
import { PriceChart } from '../components/PriceChart.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { ShareCard } from '../../share/components/ShareCard.tsx';
import { HeadedTable } from '../../../components/HeadedTable.tsx';
import '../components/cycle.css';

const time = (ms: number | null) =>
  ms === null ? '--' : new Date(ms).toISOString().replace('T', ' ').replace('Z', ' UTC');

/**
 * /cycle/order/:id — the verification detail: the terms, the entry and exit ticks with their times,
 * the stored ticks around both with the venue prices behind each, the result recomputed from them,
 * and the public call anyone can use to fetch the same ticks.
 */
export default function CycleOrderPage() {
  const { t } = useTranslation('cycle');
  const id = Number(useParams().id);
  const q = useQuery({ ...orderQuery(id), refetchInterval: (s) => (s.state.data?.status === 'open' ? 1000 : false) });
  const d = q.data;
  if (!d) return <LoadState of={[q]} />;
  const chartTicks = [...d.contractStart, ...d.contractEnd]
    .filter((x, i, all) => all.findIndex((y) => y.ts === x.ts) === i)
    .sort((a, b) => a.ts - b.ts);
  const marks = [
    ...(d.buyPriceTs ? [{ ts: d.buyPriceTs, label: 'entry', tone: 'entry' as const }] : []),
    ...(d.closePriceTs ? [{ ts: d.closePriceTs, label: 'exit', tone: 'exit' as const }] : []),
  ];
  return (
    <div className="cy-page" data-testid="cycle-detail">
      <section className="card">
        <div className="cy-record__head">
          <span className="cy-record__symbol">{d.instrument}</span>
          <DirectionTag direction={d.direction} />
          {d.demo && <DemoBadge />}
          <span className="cy-record__right">
            <ResultTag status={d.status} />
          </span>
        </div>
        <Line label={t('field.buyPrice')} value={formatPrice(d.buyPrice)} testId="detail-entry-price" />
        <Line label={t('detail.entryTime')} value={time(d.buyPriceTs)} testId="detail-entry-time" />
        <Line label={t('field.closePrice')} value={formatPrice(d.closePrice)} testId="detail-exit-price" />
        <Line label={t('detail.exitTime')} value={time(d.closePriceTs)} testId="detail-exit-time" />
        <Line label={t('detail.committed')} value={time(d.committedAt)} />
        <Line label={t('detail.end')} value={time(d.endAt)} />
        <Line label={t('field.cycle')} value={t('period.seconds', { n: d.period })} />
        <Line label={t('field.stake')} value={`${d.stake} ${d.currency}`} />
        <Line label={t('field.fee')} value={`${d.fee} ${d.currency}`} />
        <Line label={t('field.expectedReturn')} value={`${d.expectedReturn} ${d.currency}`} />
        {d.credit !== null && (
          <Line label={t('detail.credit')} value={`${d.credit} ${d.currency}`} testId="detail-credit" />
        )}
        {d.refundReason && <p className="cy-note">{t(`refund.${d.refundReason}`)}</p>}
      </section>

      {d.status !== 'open' && <ShareCard kind="cycle" id={d.id} />}

      <section className="card">
        <div className="cy-label">{t('detail.verify')}</div>
        <div className={`cy-verify cy-verify--${d.matches === false ? 'bad' : 'ok'}`} data-testid="detail-matches">
          {d.matches === null ? t('detail.notSettled') : d.matches ? t('detail.matches') : t('detail.mismatch')}
        </div>
        <p className="cy-note">{t('rule')}</p>
        <p className="cy-note">{t('detail.windowTicks', { n: d.windowTickCount })}</p>
        <PriceChart ticks={chartTicks} marks={marks} testId="detail-chart" />
        <TickTable title={t('detail.aroundEntry')} ticks={d.contractStart} testId="ticks-start" />
        <TickTable title={t('detail.aroundExit')} ticks={d.contractEnd} testId="ticks-end" />
        <p className="cy-note">{t('detail.publicCall')}</p>
        <code
          className="cy-code"
          data-testid="detail-public-call"
        >{`POST ${d.publicTicks.path} ${JSON.stringify(d.publicTicks.body)}`}</code>
        <p className="cy-note">{t('detail.cli', { id: d.id })}</p>
        <p className="cy-note cy-mono">{d.shortcode}</p>
      </section>
      <Button block fill="none" onClick={() => history.back()}>
        {t('detail.back')}
      </Button>
    </div>
  );
}

function TickTable(props: { title: string; ticks: VerificationTick[]; testId: string }) {
  const { t } = useTranslation('cycle');
  return (
    <div className="cy-ticks" data-testid={props.testId}>
      <div className="cy-ticks__title">{props.title}</div>
      <HeadedTable head={[t('detail.tickTime'), t('detail.tickPrice'), t('detail.sources')]}>
        {props.ticks.map((x) => (
          <tr
            key={x.ts}
            className={x.flag ? `cy-ticks__row--${x.flag}` : undefined}
            data-flag={x.flag ?? undefined}
            data-ts={x.ts}
            data-price={x.price}
          >
            <td>{new Date(x.ts).toISOString().slice(11, 19)}</td>
            <td>
              {x.price}
              {x.flag && <span className="cy-flag">{t(`detail.flag.${x.flag}`)}</span>}
            </td>
            <td className="cy-sources">
              {Object.entries(x.sources)
                .map(([k, v]) => `${k}: ${v}`)
                .join(', ')}
            </td>
          </tr>
        ))}
      </HeadedTable>
    </div>
  );
}
