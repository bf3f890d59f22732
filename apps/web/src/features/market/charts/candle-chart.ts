import { CandlestickSeries, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { Bar } from '../model/chart-data.ts';
import { baseChartOptions, DOWN, UP } from './chart-theme.ts';

/**
 * The candle chart as an object that lives outside React (STYLE.md: Uniswap's ChartModelCore):
 * the component creates it once and feeds it bars; React never re-renders the canvas.
 */
export class CandleChart {
  private readonly chart: IChartApi;
  private readonly series: ISeriesApi<'Candlestick'>;
  private lastTime = -1;
  private count = 0;

  constructor(container: HTMLElement, timeVisible: boolean) {
    this.chart = createChart(container, {
      ...baseChartOptions,
      timeScale: { borderColor: '#eceff3', timeVisible, secondsVisible: false },
    });
    this.series = this.chart.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      borderUpColor: UP,
      borderDownColor: DOWN,
      wickUpColor: UP,
      wickDownColor: DOWN,
    });
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
    this.chart.remove();
  }
}

const toLib = (b: Bar) => ({ ...b, time: b.time as UTCTimestamp });
