import { useEffect, useState } from 'react';
import Tabs from 'antd-mobile/es/components/tabs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { formatPrice } from '../../../lib/format/price.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { ordersQuery, type Contract } from '../api/cycle.ts';
import { DirectionTag, Line, ResultTag } from '../components/badges.tsx';
import { clockOffset, mmss, secondsLeft } from '../model/server-time.ts';
import '../components/cycle.css';

/** /cycle/records: open contracts with their countdown, and the settled history (spec §3 fields). */
export default signedInPage('cycle', CycleRecords);

function CycleRecords() {
  const { t } = useTranslation('cycle');
  const [tab, setTab] = useState<'open' | 'history'>('open');
  return (
    <div className="cy-page">
      <Tabs activeKey={tab} onChange={(k) => setTab(k as 'open' | 'history')}>
        <Tabs.Tab title={t('records.open')} key="open" />
        <Tabs.Tab title={t('records.history')} key="history" />
      </Tabs>
      <RecordList status={tab} />
    </div>
  );
}

function RecordList(props: { status: 'open' | 'history' }) {
  const { t } = useTranslation('cycle');
  const q = useQuery({ ...ordersQuery(props.status), refetchInterval: props.status === 'open' ? 2000 : false });
  const [now, setNow] = useState(() => Date.now());
  // the server's clock at the moment the answer arrived here
  const offset = q.data ? clockOffset(q.data.now, q.dataUpdatedAt) : 0;
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  if (!q.data) return <LoadState of={[q]} />;
  if (!q.data.list.length)
    return (
      <div className="cy-state" data-testid="cycle-records-empty">
        {t('records.empty')}
      </div>
    );
  return (
    <div data-testid={`cycle-records-${props.status}`}>
      {q.data.list.map((c) => (
        <Record key={c.id} c={c} left={c.status === 'open' ? secondsLeft(c.endAt, now, offset) : null} />
      ))}
    </div>
  );
}

function Record(props: { c: Contract; left: number | null }) {
  const { t } = useTranslation('cycle');
  const c = props.c;
  return (
    <Link to={`/cycle/order/${c.id}`} className="card cy-record" data-testid={`cycle-record-${c.id}`}>
      <div className="cy-record__head">
        <span className="cy-record__symbol">{c.instrument}</span>
        <DirectionTag direction={c.direction} />
        <span className="cy-record__right">
          {props.left !== null ? (
            <span className="cy-count--small">{props.left > 0 ? mmss(props.left) : t('countdown.settling')}</span>
          ) : (
            <ResultTag status={c.status} />
          )}
        </span>
      </div>
      <Line label={t('field.buyPrice')} value={formatPrice(c.buyPrice)} />
      <Line label={t('field.closePrice')} value={formatPrice(c.closePrice)} />
      <Line label={t('field.cycle')} value={t('period.seconds', { n: c.period })} />
      <Line label={t('field.total')} value={`${c.total} ${c.currency}`} />
      <Line label={t('field.fee')} value={`${c.fee} ${c.currency}`} />
      <Line label={t('field.expectedReturn')} value={`${c.expectedReturn} ${c.currency}`} />
      {c.pnl !== null && <Line label={t('field.pnl')} value={`${c.pnl} ${c.currency}`} />}
      <Line label={t('field.time')} value={new Date(c.committedAt).toLocaleString()} />
    </Link>
  );
}
