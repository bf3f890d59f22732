import { useTranslation } from '../../../lib/use-translation.ts';
import { formatPrice } from '../../../lib/format/price.ts';
import type { IndexTick } from '../api/cycle.ts';
import { chartGeometry } from '../model/chart.ts';

const W = 340;
const H = 140;

/** A small SVG line of the recent index ticks, with optional entry/exit markers (by tick time). */
export function PriceChart(props: {
  ticks: IndexTick[];
  marks?: Array<{ ts: number; label: string; tone: 'entry' | 'exit' }>;
  testId?: string;
}) {
  const { t } = useTranslation('cycle');
  const g = chartGeometry(props.ticks, W, H);
  if (!g.points.length) {
    return (
      <div className="cy-chart cy-chart--empty" data-testid={props.testId ?? 'cycle-chart'}>
        {t('chart.noTicks')}
      </div>
    );
  }
  const last = g.points[g.points.length - 1]!;
  return (
    <div className="cy-chart" data-testid={props.testId ?? 'cycle-chart'}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" height={H} role="img" aria-label={t('chart.label')}>
        <path d={g.path} fill="none" stroke="var(--tm-accent)" strokeWidth="2" strokeLinejoin="round" />
        <circle cx={last.x} cy={last.y} r="3.5" fill="var(--tm-accent)" />
        {props.marks?.map((m) => {
          const i = props.ticks.findIndex((x) => x.ts === m.ts);
          const p = g.points[i];
          if (!p) return null;
          return (
            <g key={`${m.tone}-${m.ts}`}>
              <line
                x1={p.x}
                x2={p.x}
                y1={0}
                y2={H}
                stroke={m.tone === 'entry' ? '#9ca3af' : '#111827'}
                strokeDasharray="3 3"
              />
              <circle cx={p.x} cy={p.y} r="4" fill={m.tone === 'entry' ? '#9ca3af' : '#111827'} />
            </g>
          );
        })}
      </svg>
      <div className="cy-chart__range">
        <span>{t('chart.low', { price: formatPrice(g.min) })}</span>
        <span>{t('chart.high', { price: formatPrice(g.max) })}</span>
      </div>
    </div>
  );
}
