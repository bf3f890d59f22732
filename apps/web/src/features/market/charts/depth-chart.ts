import { AreaSeries, createOptionsChart, type IChartApiBase, type ISeriesApi } from 'lightweight-charts';
import type { DepthPoint } from '../model/chart-data.ts';
import {
  baseChartOptions,
  chartPalette,
  watchPalette,
  type ChartPalette,
} from '../../../components/price-chart/chart-theme.ts';

const area = (color: string) => ({
  lineColor: color,
  topColor: color + '55',
  bottomColor: color + '08',
});

/** The depth chart: cumulative bids (rising colour) and asks (falling colour) over a price axis; fed, not re-rendered. */
export class DepthChart {
  private readonly chart: IChartApiBase<number>;
  private readonly bids: ISeriesApi<'Area', number>;
  private readonly asks: ISeriesApi<'Area', number>;
  private readonly unwatch: () => void;

  constructor(container: HTMLElement) {
    const p = chartPalette();
    this.chart = createOptionsChart(container, { ...baseChartOptions(p), handleScroll: false, handleScale: false });
    const line = {
      lineWidth: 2 as const,
      lineType: 1 as const, // steps: depth is flat between levels
      priceLineVisible: false,
    };
    this.bids = this.chart.addSeries(AreaSeries, { ...line, ...area(p.up) });
    this.asks = this.chart.addSeries(AreaSeries, { ...line, ...area(p.down) });
    this.unwatch = watchPalette((next) => this.applyPalette(next));
  }

  private applyPalette(p: ChartPalette): void {
    this.chart.applyOptions(baseChartOptions(p));
    this.bids.applyOptions(area(p.up));
    this.asks.applyOptions(area(p.down));
  }

  setDepth(bids: DepthPoint[], asks: DepthPoint[]): void {
    this.bids.setData(bids.map((p) => ({ time: p.price, value: p.total })));
    this.asks.setData(asks.map((p) => ({ time: p.price, value: p.total })));
    this.chart.timeScale().fitContent();
  }

  destroy(): void {
    this.unwatch();
    this.chart.remove();
  }
}
