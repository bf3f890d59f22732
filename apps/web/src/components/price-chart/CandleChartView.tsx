import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandleInterval } from '@tidemark/contract';
import { candleBars } from './candle-bars.ts';
import type { CandleChart } from './candle-chart.ts';
import type { ChartSource } from './chart-source.ts';

/**
 * Hosts the candle chart. lightweight-charts is imported here on first use, so only screens that draw charts
 * download it. A new interval or source replaces all bars; live updates touch only the last ones.
 */
export function CandleChartView(props: { source: ChartSource; interval: CandleInterval; compact?: boolean }) {
  const { t } = useTranslation('chart');
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<CandleChart | null>(null);
  const shown = useRef<string | null>(null);
  const [ready, setReady] = useState(false);
  const [bars, setBars] = useState(0);
  const { source } = props;

  useEffect(() => {
    let cancelled = false;
    void import('./candle-chart.ts').then((m) => {
      if (cancelled || !box.current) return;
      chart.current = new m.CandleChart(box.current, true);
      setReady(true);
    });
    return () => {
      cancelled = true;
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const c = chart.current;
    if (!ready || !c || source.kind === 'loading') return;
    const all = candleBars(source.candles);
    const key = `${source.kind}:${props.interval}`;
    if (shown.current !== key || c.barCount === 0) c.setBars(all);
    else c.updateBars(all.slice(-2));
    shown.current = key;
    setBars(c.barCount);
  }, [ready, source, props.interval]);

  return (
    <div
      className={'chart-box' + (props.compact ? ' chart-box--compact' : '')}
      data-testid="candle-chart"
      data-bars={bars}
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
