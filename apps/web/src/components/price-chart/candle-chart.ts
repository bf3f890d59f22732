import { CandlestickSeries, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { Bar } from './candle-bars.ts';
import { baseChartOptions, chartPalette, watchPalette, type ChartPalette } from './chart-theme.ts';

const candleColors = (p: ChartPalette) => ({
  upColor: p.up,
  downColor: p.down,
  borderUpColor: p.up,
  borderDownColor: p.down,
  wickUpColor: p.up,
  wickDownColor: p.down,
});

/**
 * The candle chart as an object that lives outside React (STYLE.md: Uniswap's ChartModelCore):
 * the component creates it once and feeds it bars; React never re-renders the canvas. It repaints itself when
 * the theme or the colour convention changes.
 */
export class CandleChart {
  private readonly chart: IChartApi;
  private readonly series: ISeriesApi<'Candlestick'>;
  private readonly unwatch: () => void;
  private readonly timeVisible: boolean;
  private lastTime = -1;
  private count = 0;

  constructor(container: HTMLElement, timeVisible: boolean) {
    const p = chartPalette();
    this.timeVisible = timeVisible;
    this.chart = createChart(container, this.options(p));
    this.series = this.chart.addSeries(CandlestickSeries, candleColors(p));
    this.unwatch = watchPalette((next) => {
      this.chart.applyOptions(this.options(next));
      this.series.applyOptions(candleColors(next));
    });
  }

  private options(p: ChartPalette) {
    const base = baseChartOptions(p);
    return { ...base, timeScale: { ...base.timeScale, timeVisible: this.timeVisible, secondsVisible: false } };
  }

  /** Replaces every bar (a snapshot); updates after it only touch the last bars. */
  setBars(bars: Bar[]): void {
    this.series.setData(bars.map(toLib));
    this.lastTime = bars.length ? bars[bars.length - 1]!.time : -1;
    this.count = bars.length;
    if (bars.length) this.chart.timeScale().scrollToRealTime();
  }

  /** Applies the newest bars (the open candle changing, or a new one starting). */
  updateBars(bars: Bar[]): void {
    for (const b of bars) {
      if (b.time < this.lastTime) continue; // the library only accepts the last bar or a newer one
      if (b.time > this.lastTime) this.count += 1;
      this.series.update(toLib(b));
      this.lastTime = b.time;
    }
  }

  get barCount(): number {
    return this.count;
  }

  destroy(): void {
    this.unwatch();
    this.chart.remove();
  }
}

const toLib = (b: Bar) => ({ ...b, time: b.time as UTCTimestamp });
