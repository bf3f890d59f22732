import { useEffect, useRef, useState, type RefObject } from 'react';
import { nextTask, whenIdle } from '../../lib/scheduling.ts';

/**
 * A chart object created in `box` once its module has loaded (so only screens that draw charts download
 * lightweight-charts), destroyed with the component. Returns the chart, or null until it exists.
 *
 * The library is one large module whose evaluation is a long task on a phone. It is fetched once the screen's first
 * render has painted and the browser is idle, and the chart is created in a task after the one that evaluated it
 * (its first data then comes in the effect after that render): three shorter tasks instead of one long one that
 * also held the screen's render. The box keeps its room meanwhile (price-chart.css), so nothing moves.
 */
export function useLazyChart<T extends { destroy(): void }>(
  box: RefObject<HTMLDivElement | null>,
  load: () => Promise<(container: HTMLElement) => T>,
): T | null {
  const [chart, setChart] = useState<T | null>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    let cancelled = false;
    let made: T | null = null;
    void (async () => {
      await whenIdle();
      if (cancelled) return;
      const create = await loadRef.current();
      await nextTask();
      if (cancelled || !box.current) return;
      made = create(box.current);
      setChart(made);
    })();
    return () => {
      cancelled = true;
      made?.destroy();
    };
  }, [box]);
  return chart;
}
