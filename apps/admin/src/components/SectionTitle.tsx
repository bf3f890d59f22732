import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** The heading of a block below another in a tab or drawer (a table under a table). */
export function SectionTitle(props: { children: ReactNode }) {
  return (
    <Typography.Title level={5} style={{ marginTop: 16 }}>
      {props.children}
    </Typography.Title>
  );
}
