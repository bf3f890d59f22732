import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Candle, CandleInterval } from '@tidemark/contract';
import type { CandleChart } from '../charts/candle-chart.ts';
import { candleBars } from '../model/chart-data.ts';

/**
 * Hosts the candle chart. lightweight-charts is imported here on first use, so only screens that
 * draw charts download it. A new interval replaces all bars; live updates touch only the last ones.
 */
export function CandleChartView(props: { candles: Candle[] | undefined; interval: CandleInterval }) {
  const { t } = useTranslation('market');
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<CandleChart | null>(null);
  const shownInterval = useRef<CandleInterval | null>(null);
  const [ready, setReady] = useState(false);
  const [bars, setBars] = useState(0);

  useEffect(() => {
    let cancelled = false;
    void import('../charts/candle-chart.ts').then((m) => {
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
    if (!ready || !c || !props.candles) return;
    const all = candleBars(props.candles);
    if (shownInterval.current !== props.interval || c.barCount === 0) c.setBars(all);
    else c.updateBars(all.slice(-2));
    shownInterval.current = props.interval;
    setBars(c.barCount);
  }, [ready, props.candles, props.interval]);

  return (
    <div className="chart-box" data-testid="candle-chart" data-bars={bars}>
      <div ref={box} className="chart-box__canvas" />
      {props.candles && props.candles.length === 0 && <div className="chart-box__empty">{t('detail.noCandles')}</div>}
    </div>
  );
}
