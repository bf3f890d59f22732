import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useNavigate } from 'react-router-dom';
import { plansQuery, type EarnPlan } from '../api/earn.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { Line } from '../components/Line.tsx';
import { showAmount } from '../components/format.ts';
import { percentOf } from '../model/earn-math.ts';
import '../components/earn.css';

/** /lockMining: the published plans — rate, period, limits, remaining capacity, penalty, source of the yield. */
export default function LockMiningPage() {
  const { t } = useTranslation('earn');
  const plans = useQuery(plansQuery());
  return (
    <div className="earn-page" data-testid="lock-mining">
      <Link className="earn-link" to="/lockRecord" data-testid="link-lock-record">
        {t('plans.records')} ›
      </Link>
      {!plans.data ? (
        <LoadState of={[plans]} />
      ) : plans.data.items.length === 0 ? (
        <EmptyState title={t('plans.empty')} />
      ) : (
        plans.data.items.map((p) => <PlanCard key={p.id} plan={p} />)
      )}
    </div>
  );
}

function PlanCard({ plan: p }: { plan: EarnPlan }) {
  const { t } = useTranslation('earn');
  const navigate = useNavigate();
  return (
    <section className="earn-card" data-testid={`plan-${p.id}`}>
      <div className="earn-card__head">
        <span className="earn-card__title">
          {p.currency} · {t('plans.days', { count: p.lockDays })}
        </span>
        {!p.accepting && <Tag color="warning">{p.status === 'closed' ? t('plans.closed') : t('plans.paused')}</Tag>}
      </div>
      <div className="earn-rate" data-testid="plan-rate">
        {percentOf(p.dailyRate)}%<small>{t('plans.dailyRate')}</small>
      </div>
      {p.rateRule === 'range' && (
        <p className="earn-note">{t('plans.range', { min: percentOf(p.rateMin), max: percentOf(p.rateMax) })}</p>
      )}
      <Line label={t('plans.period')}>{t('plans.days', { count: p.lockDays })}</Line>
      <Line label={t('plans.limits')}>
        {showAmount(p.minAmount)} – {showAmount(p.maxAmount)} {p.currency}
      </Line>
      <Line label={t('plans.remaining')} testId="plan-remaining">
        {showAmount(p.remaining)} / {showAmount(p.capacity)} {p.currency}
      </Line>
      <Line label={t('plans.penalty')}>{t('plans.penaltyText', { rate: percentOf(p.penaltyRate) })}</Line>
      {p.graceMinutes > 0 && <p className="earn-note">{t('plans.grace', { minutes: p.graceMinutes })}</p>}
      <div className="earn-source">
        <b>{t('plans.source')}</b> {p.yieldSource}
      </div>
      <div className="earn-actions">
        <Button
          color="primary"
          disabled={!p.accepting}
          onClick={() => navigate(`/confirmLock/${p.id}`)}
          data-testid={`subscribe-${p.id}`}
        >
          {t('plans.subscribe')}
        </Button>
      </div>
    </section>
  );
}
