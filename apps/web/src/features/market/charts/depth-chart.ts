import { AreaSeries, createOptionsChart, type IChartApiBase, type ISeriesApi } from 'lightweight-charts';
import type { DepthPoint } from '../model/chart-data.ts';
import { baseChartOptions, DOWN, UP } from './chart-theme.ts';

/** The depth chart: cumulative bids (green) and asks (red) over a price axis; fed, not re-rendered. */
export class DepthChart {
  private readonly chart: IChartApiBase<number>;
  private readonly bids: ISeriesApi<'Area', number>;
  private readonly asks: ISeriesApi<'Area', number>;

  constructor(container: HTMLElement) {
    this.chart = createOptionsChart(container, { ...baseChartOptions, handleScroll: false, handleScale: false });
    const area = (color: string) => ({
      lineColor: color,
      topColor: color + '55',
      bottomColor: color + '08',
      lineWidth: 2 as const,
      lineType: 1 as const, // steps: depth is flat between levels
      priceLineVisible: false,
    });
    this.bids = this.chart.addSeries(AreaSeries, area(UP));
    this.asks = this.chart.addSeries(AreaSeries, area(DOWN));
  }

  setDepth(bids: DepthPoint[], asks: DepthPoint[]): void {
    this.bids.setData(bids.map((p) => ({ time: p.price, value: p.total })));
    this.asks.setData(asks.map((p) => ({ time: p.price, value: p.total })));
    this.chart.timeScale().fitContent();
  }

  destroy(): void {
    this.chart.remove();
  }
}
