import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import type { CandleInterval } from '@tidemark/contract';
import { candleBars } from './candle-bars.ts';
import type { ChartSource } from './chart-source.ts';
import { useLazyChart } from './useLazyChart.ts';

/**
 * Hosts the candle chart (created lazily, useLazyChart.ts). A new interval or source replaces all bars; live updates
 * touch only the last ones.
 */
export function CandleChartView(props: { source: ChartSource; interval: CandleInterval; compact?: boolean }) {
  const { t } = useTranslation('chart');
  const box = useRef<HTMLDivElement>(null);
  const shown = useRef<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const { source } = props;
  const chart = useLazyChart(box, () =>
    import('./candle-chart.ts').then((m) => (el: HTMLElement) => new m.CandleChart(el, true)),
  );

  useEffect(() => {
    if (!chart || source.kind === 'loading') return;
    const all = candleBars(source.candles);
    const key = `${source.kind}:${props.interval}`;
    if (shown.current !== key || chart.barCount === 0) chart.setBars(all);
    else chart.updateBars(all.slice(-2));
    shown.current = key;
    // how many bars are drawn, for tests and diagnostics: written on the element, the canvas is not React's
    if (frame.current) frame.current.dataset.bars = String(chart.barCount);
  }, [chart, source, props.interval]);

  return (
    <div
      ref={frame}
      className={'chart-box' + (props.compact ? ' chart-box--compact' : '')}
      data-testid="candle-chart"
      data-bars="0"
      data-source={source.kind}
    >
      <div ref={box} className="chart-box__canvas" />
      {source.kind === 'index' && (
        <div className="chart-box__label" data-testid="chart-index-label">
          {t('indexPrice')}
          {source.demo && (
            <span className="chart-box__demo" data-testid="chart-index-demo">
              {t('demo')}
            </span>
          )}
        </div>
      )}
      {source.kind !== 'loading' && source.candles.length === 0 && (
        <div className="chart-box__empty">{t('noCandles')}</div>
      )}
    </div>
  );
}
