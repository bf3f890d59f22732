import { useEffect, useState, type ReactNode } from 'react';
import { afterPaint } from '../lib/scheduling.ts';

/**
 * Draws its children in a task after the screen's first render has painted: for the parts of a start-up screen
 * below its first view, so that first render does less in one task (apps/web/README.md §Lighthouse). Nothing is
 * drawn in their place meanwhile: use it only where nothing follows that could move (the end of a screen).
 */
export function Later(props: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    void afterPaint().then(() => live && setShown(true));
    return () => {
      live = false;
    };
  }, []);
  return shown ? props.children : null;
}
