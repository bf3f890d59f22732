import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { CANDLE_INTERVAL_NAMES, type CandleInterval } from '@tidemark/contract/candle-intervals';
import { CandleChartView } from './CandleChartView.tsx';
import { usePriceCandles } from './usePriceCandles.ts';
import './price-chart.css';

/**
 * A market's candle chart with its nine intervals (30s … 1W) and the licence's attribution: the market's own
 * candles, or its index price's until it has trades (chart-source.ts). `compact` is the short one on /trade.
 */
export function PriceChart(props: { symbol: string; compact?: boolean }) {
  const { t } = useTranslation('chart');
  const [interval, setInterval] = useState<CandleInterval>(props.compact ? '15m' : '1m');
  const source = usePriceCandles(props.symbol, interval);
  return (
    <div className="price-chart">
      <div className="interval-tabs" role="tablist">
        {CANDLE_INTERVAL_NAMES.map((i) => (
          <button
            key={i}
            type="button"
            role="tab"
            aria-selected={i === interval}
            className={'interval-tabs__tab' + (i === interval ? ' is-active' : '')}
            data-testid={`interval-${i}`}
            onClick={() => setInterval(i)}
          >
            {t(`interval.${i}`)}
          </button>
        ))}
      </div>
      <CandleChartView source={source} interval={interval} compact={props.compact ?? false} />
      <p className="chart-attribution">
        {t('chartBy')}{' '}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
          TradingView Lightweight Charts™
        </a>{' '}
        — Copyright © 2025 TradingView, Inc.
      </p>
    </div>
  );
}
