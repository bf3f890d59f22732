import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/**
 * A drawer about one record, open while there is one. Its body renders (and loads) only then and is dropped on
 * close, so the next record never shows the last one's data while its own loads.
 */
export function RecordDrawer<T>(props: {
  of: T | null;
  width: number;
  title: ReactNode;
  onClose: () => void;
  children: (record: T) => ReactNode;
}) {
  return (
    <Drawer open={props.of !== null} width={props.width} title={props.title} onClose={props.onClose} destroyOnHidden>
      {props.of !== null && props.children(props.of)}
    </Drawer>
  );
}
