/** Colours and options shared by the candle and depth charts; attribution as the licence asks. */
export const UP = '#16a34a';
export const DOWN = '#dc2626';

export const baseChartOptions = {
  autoSize: true,
  layout: {
    background: { color: '#ffffff' },
    textColor: '#6b7280',
    fontSize: 11,
    // lightweight-charts (Apache-2.0, TradingView): the logo links to tradingview.com
    attributionLogo: true,
  },
  grid: { vertLines: { color: '#f1f3f6' }, horzLines: { color: '#f1f3f6' } },
  rightPriceScale: { borderColor: '#eceff3' },
} as const;
