import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * A chart object created in `box` once its module has loaded (so only screens that draw charts download
 * lightweight-charts), destroyed with the component. Returns the chart, or null until it exists.
 */
export function useLazyChart<T extends { destroy(): void }>(
  box: RefObject<HTMLDivElement | null>,
  create: (container: HTMLElement) => Promise<T>,
): T | null {
  const [chart, setChart] = useState<T | null>(null);
  const createRef = useRef(create);
  useEffect(() => {
    let cancelled = false;
    let made: T | null = null;
    void createRef.current(box.current!).then((c) => {
      if (cancelled) return c.destroy();
      made = c;
      setChart(c);
    });
    return () => {
      cancelled = true;
      made?.destroy();
    };
  }, [box]);
  return chart;
}
