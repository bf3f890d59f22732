import type { ReactNode } from 'react';

/**
 * A plain table under one header row: the trades, fills, ticks and limits of the detail screens. The screen gives
 * the column titles and its rows; the table's look stays the screen's class.
 */
export function HeadedTable(props: {
  head: readonly ReactNode[];
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <table className={props.className} data-testid={props.testId}>
      <thead>
        <tr>
          {props.head.map((title, i) => (
            <th key={i}>{title}</th>
          ))}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}
