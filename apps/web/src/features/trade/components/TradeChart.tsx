import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { readStored, StorageKey, writeStored } from '../../../lib/storage.ts';

// the chart and its library load only when the chart is open
const PriceChart = lazy(() =>
  import('../../../components/price-chart/PriceChart.tsx').then((m) => ({ default: m.PriceChart })),
);

/** The compact price chart above the book; opened or closed by the user, remembered on this device. */
export function TradeChart(props: { symbol: string }) {
  const { t } = useTranslation('trade');
  const [open, setOpen] = useState(() => readStored(StorageKey.TRADE_CHART) !== 'closed');
  const toggle = () => {
    writeStored(StorageKey.TRADE_CHART, open ? 'closed' : 'open');
    setOpen(!open);
  };
  return (
    <section className="card trade-chart" data-testid="trade-chart" data-open={open}>
      <button
        type="button"
        className="trade-chart__toggle"
        aria-expanded={open}
        aria-label={open ? t('chart.hide') : t('chart.show')}
        onClick={toggle}
        data-testid="trade-chart-toggle"
      >
        <span>{t('chart.title')}</span>
        {open ? <UpOutline /> : <DownOutline />}
      </button>
      {open && (
        <Suspense fallback={<div className="trade-chart__pending" />}>
          <PriceChart symbol={props.symbol} compact />
        </Suspense>
      )}
    </section>
  );
}
