import type { ReactNode } from 'react';

/** A white card with an optional heading: the building block of every screen. */
export function PageSection(props: { title?: ReactNode; extra?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={'card' + (props.className ? ' ' + props.className : '')}>
      {(props.title || props.extra) && (
        <header className="card__head">
          <h2 className="card__title">{props.title}</h2>
          {props.extra}
        </header>
      )}
      {props.children}
    </section>
  );
}
