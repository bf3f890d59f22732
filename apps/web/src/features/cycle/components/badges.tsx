import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ContractStatus, Direction } from '../api/cycle.ts';

/** "Demo" wherever a simulated price decides anything (DESIGN.md §1.5). */
export function DemoBadge() {
  const { t } = useTranslation('cycle');
  return (
    <span className="demo-badge" title={t('demo.hint')} data-testid="cycle-demo">
      {t('demo.label')}
    </span>
  );
}

export function DirectionTag(props: { direction: Direction }) {
  const { t } = useTranslation('cycle');
  return <span className={`cy-dir cy-dir--${props.direction}`}>{t(`direction.${props.direction}`)}</span>;
}

export function ResultTag(props: { status: ContractStatus }) {
  const { t } = useTranslation('cycle');
  return (
    <span className={`cy-result cy-result--${props.status}`} data-testid="cycle-result">
      {t(`status.${props.status}`)}
    </span>
  );
}

/** A label / value line. */
export function Line(props: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="cy-line">
      <span className="cy-line__label">{props.label}</span>
      <span className="cy-line__value" data-testid={props.testId}>
        {props.value}
      </span>
    </div>
  );
}
