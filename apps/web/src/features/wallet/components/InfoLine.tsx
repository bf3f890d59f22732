import type { ReactNode } from 'react';

/** A label / value line of a summary. */
export function InfoLine(props: { label: ReactNode; value: ReactNode; testId?: string; strong?: boolean }) {
  return (
    <div className={'wal-line' + (props.strong ? ' wal-line--strong' : '')}>
      <span className="wal-line__label">{props.label}</span>
      <span className="wal-line__value" data-testid={props.testId}>
        {props.value}
      </span>
    </div>
  );
}
