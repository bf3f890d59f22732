import {
  CandlestickSeries,
  createChart,
  TickMarkType,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { dateTimeFormat } from '../../lib/format/date-time.ts';
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

const DATE_FORMATS: Partial<Record<TickMarkType, Intl.DateTimeFormatOptions>> = {
  [TickMarkType.Year]: { year: 'numeric' },
  [TickMarkType.Month]: { month: 'short' },
  [TickMarkType.DayOfMonth]: { day: 'numeric' },
};
const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The time axis's labels as the library writes them (in UTC). A time of day is written from its digits: the
 * library's own label calls `toLocaleString`, and the first date format a page makes loads the calendar data, 35 ms
 * of the chart's first drawing in the traces measured (apps/web/README.md §Lighthouse), when an intraday chart shows
 * only times. Years, months and days keep the language's words, from formats made once.
 */
export function tickMark(time: Time, type: TickMarkType, locale: string): string | null {
  if (typeof time !== 'number') return null; // our bars carry UTC timestamps; anything else the library formats
  const at = new Date(time * 1000);
  const hhmm = `${twoDigits(at.getUTCHours())}:${twoDigits(at.getUTCMinutes())}`;
  if (type === TickMarkType.Time) return hhmm;
  if (type === TickMarkType.TimeWithSeconds) return `${hhmm}:${twoDigits(at.getUTCSeconds())}`;
  return dateTimeFormat(locale, { ...DATE_FORMATS[type], timeZone: 'UTC' }).format(at);
}

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
    return {
      ...base,
      timeScale: {
        ...base.timeScale,
        timeVisible: this.timeVisible,
        secondsVisible: false,
        tickMarkFormatter: tickMark,
      },
    };
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
