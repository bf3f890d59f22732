import { useEffect, useRef } from 'react';
import { useLazyChart } from '../../../components/price-chart/useLazyChart.ts';
import type { DepthBook } from '../../../lib/realtime/depth-book.ts';
import { cumulativeDepth } from '../model/chart-data.ts';

/** Hosts the depth chart (lazy like the candle chart); repaints when the book changes. */
export function DepthChartView(props: { book: DepthBook | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useLazyChart(box, () =>
    import('../charts/depth-chart.ts').then((m) => (el: HTMLElement) => new m.DepthChart(el)),
  );

  useEffect(() => {
    if (!chart || !props.book) return;
    chart.setDepth(cumulativeDepth(props.book.bids, 'bid'), cumulativeDepth(props.book.asks, 'ask'));
  }, [chart, props.book]);

  return (
    <div className="chart-box chart-box--depth" data-testid="depth-chart">
      <div ref={box} className="chart-box__canvas" />
    </div>
  );
}
