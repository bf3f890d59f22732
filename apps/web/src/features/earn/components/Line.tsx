import type { ReactNode } from 'react';

/** A label and a value on one line. */
export function Line(props: { label: ReactNode; children: ReactNode; testId?: string; tone?: 'strong' | 'warn' }) {
  return (
    <div className={`earn-line${props.tone ? ` earn-line--${props.tone}` : ''}`}>
      <span>{props.label}</span>
      <b data-testid={props.testId}>{props.children}</b>
    </div>
  );
}
