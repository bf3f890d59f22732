/**
 * Colours and options shared by the candle and depth charts, read from the page's CSS variables so the charts
 * follow the theme and the colour convention (lib/appearance); attribution as the licence asks.
 */
export interface ChartPalette {
  up: string;
  down: string;
  background: string;
  text: string;
  grid: string;
  border: string;
}

const LIGHT: ChartPalette = {
  up: '#16a34a',
  down: '#dc2626',
  background: '#ffffff',
  text: '#6b7280',
  grid: '#f1f3f6',
  border: '#eceff3',
};

/** The palette of the page as it is now (light defaults where a variable is missing, e.g. in tests). */
export function chartPalette(): ChartPalette {
  if (typeof document === 'undefined') return LIGHT;
  const css = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const border = read('--tm-border', LIGHT.border);
  return {
    up: read('--tm-up', LIGHT.up),
    down: read('--tm-down', LIGHT.down),
    background: read('--tm-card', LIGHT.background),
    text: read('--tm-muted', LIGHT.text),
    grid: document.documentElement.dataset.theme === 'dark' ? border : LIGHT.grid,
    border,
  };
}

export function baseChartOptions(p: ChartPalette) {
  return {
    autoSize: true,
    layout: {
      background: { color: p.background },
      textColor: p.text,
      fontSize: 11,
      // lightweight-charts (Apache-2.0, TradingView): the logo links to tradingview.com
      attributionLogo: true,
    },
    grid: { vertLines: { color: p.grid }, horzLines: { color: p.grid } },
    rightPriceScale: { borderColor: p.border },
    timeScale: { borderColor: p.border },
  } as const;
}

/** Calls `onChange` whenever the theme or the colour convention on <html> changes; returns the stop function. */
export function watchPalette(onChange: (p: ChartPalette) => void): () => void {
  if (typeof MutationObserver === 'undefined') return () => {};
  const observer = new MutationObserver(() => onChange(chartPalette()));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'data-colors'] });
  return () => observer.disconnect();
}
