import type { PopupProps } from 'antd-mobile/es/components/popup';
import { lazy, Suspense, useState } from 'react';

const Popup = lazy(() => import('antd-mobile/es/components/popup'));

/**
 * antd-mobile's Popup, fetched the first time it opens: with its mask, gestures and animation library it is
 * about 25 KB of gzip that a screen does not need until the user opens the sheet. Once opened it stays mounted,
 * so closing animates as before.
 */
export function LazyPopup(props: PopupProps) {
  const [opened, setOpened] = useState(false);
  if (props.visible && !opened) setOpened(true);
  if (!opened && !props.visible) return null;
  return (
    <Suspense fallback={null}>
      <Popup {...props} />
    </Suspense>
  );
}
