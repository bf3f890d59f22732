import type { ReactNode } from 'react';

/** The calm, honest message a screen shows when it has nothing to show (yet). */
export function EmptyState(props: {
  icon?: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="empty-state" data-testid={props.testId ?? 'empty-state'}>
      {props.icon && <div className="empty-state__icon">{props.icon}</div>}
      <div className="empty-state__title">{props.title}</div>
      {props.text && <p className="empty-state__text">{props.text}</p>}
      {props.action && <div className="empty-state__action">{props.action}</div>}
    </div>
  );
}
