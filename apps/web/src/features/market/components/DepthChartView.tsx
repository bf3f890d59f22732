import { useEffect, useRef, useState } from 'react';
import type { DepthBook } from '../../../lib/realtime/depth-book.ts';
import type { DepthChart } from '../charts/depth-chart.ts';
import { cumulativeDepth } from '../model/chart-data.ts';

/** Hosts the depth chart (lazy like the candle chart); repaints when the book changes. */
export function DepthChartView(props: { book: DepthBook | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<DepthChart | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void import('../charts/depth-chart.ts').then((m) => {
      if (cancelled || !box.current) return;
      chart.current = new m.DepthChart(box.current);
      setReady(true);
    });
    return () => {
      cancelled = true;
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready || !chart.current || !props.book) return;
    chart.current.setDepth(cumulativeDepth(props.book.bids, 'bid'), cumulativeDepth(props.book.asks, 'ask'));
  }, [ready, props.book]);

  return (
    <div className="chart-box chart-box--depth" data-testid="depth-chart">
      <div ref={box} className="chart-box__canvas" />
    </div>
  );
}
