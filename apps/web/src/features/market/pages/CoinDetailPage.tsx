import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Tabs from 'antd-mobile/es/components/tabs';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate, useParams } from 'react-router-dom';
import { CoinIcon } from '../../../components/CoinIcon.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { TradesList } from '../../../components/order-book/TradesList.tsx';
import { PriceChart } from '../../../components/price-chart/PriceChart.tsx';
import { formatPrice } from '../../../lib/format/price.ts';
import { marketsQuery } from '../api/market.ts';
import { DemoTag } from '../components/DemoTag.tsx';
import { DepthChartView } from '../components/DepthChartView.tsx';
import { Introduction } from '../components/Introduction.tsx';
import { rememberViewed } from '../components/recent.ts';
import { useFavourites, useIsFavourite } from '../components/useFavourites.ts';
import { useLiveDepth, useLiveTicker, useLiveTrades } from '../components/useMarketData.ts';
import { coinRow } from '../model/coin-row.ts';
import '../components/market.css';

/**
 * /coinDetail/:coinType — price, candles in nine intervals (the index price's until the market has trades), depth,
 * latest trades and the introduction.
 */
export default function CoinDetailPage() {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const coinType = Number(useParams().coinType);
  const markets = useQuery(marketsQuery());
  const market = markets.data?.find((m) => m.coinType === coinType);
  const symbol = market?.symbol ?? null;
  const ticker = useLiveTicker(symbol);
  const depth = useLiveDepth(symbol);
  const trades = useLiveTrades(symbol);
  const starred = useIsFavourite(symbol ?? '');
  const toggle = useFavourites((s) => s.toggle);

  useEffect(() => {
    if (symbol) rememberViewed(symbol);
  }, [symbol]);

  if (markets.isLoading) return <div className="list-loading">{t('loading')}</div>;
  if (!market) return <EmptyState title={t('detail.unknown')} testId="coin-unknown" />;
  const row = coinRow(market, ticker);
  const demo = Boolean(ticker?.demo || trades?.some((x) => x.demo));

  return (
    <div className="page-body coin-detail" data-testid="coin-detail">
      <section className="card coin-detail__head">
        <div className="coin-detail__title">
          <CoinIcon coinType={market.coinType} symbol={market.base} size={28} />
          <strong>{market.name}</strong>
          <DemoTag show={demo} />
          <button
            type="button"
            className={'coin-row__star' + (starred ? ' is-on' : '')}
            aria-pressed={starred}
            aria-label={starred ? t('list.unstar') : t('list.star')}
            data-testid="detail-star"
            onClick={() => toggle({ id: market.symbol, coinType: market.coinType, name: market.name })}
          >
            {starred ? <StarFill /> : <StarOutline />}
          </button>
        </div>
        <div className="coin-detail__price">
          <span className={row.isUp ? 'is-up' : row.isDown ? 'is-down' : ''} data-testid="detail-price">
            {row.priceText}
          </span>
          <span className={'coin-detail__pct ' + (row.isUp ? 'is-up' : row.isDown ? 'is-down' : '')}>
            {row.percentText}
          </span>
        </div>
        <dl className="coin-detail__stats">
          <dt>{t('detail.high')}</dt>
          <dd>{formatPrice(ticker?.high)}</dd>
          <dt>{t('detail.low')}</dt>
          <dd>{formatPrice(ticker?.low)}</dd>
          <dt>{t('detail.volume', { base: market.base })}</dt>
          <dd>{ticker?.volume ?? '--'}</dd>
        </dl>
      </section>

      <section className="card">
        <PriceChart symbol={market.symbol} />
      </section>

      <section className="card">
        <Tabs defaultActiveKey="trades">
          <Tabs.Tab key="trades" title={t('detail.trades')}>
            <TradesList trades={trades} />
          </Tabs.Tab>
          <Tabs.Tab key="depth" title={t('detail.depth')}>
            <DepthChartView book={depth} />
          </Tabs.Tab>
          <Tabs.Tab key="intro" title={t('detail.intro')}>
            <Introduction coinType={market.coinType} />
          </Tabs.Tab>
        </Tabs>
      </section>

      <div className="coin-detail__actions">
        <Button
          block
          className="btn-buy"
          data-testid="detail-buy"
          onClick={() => navigate(`/trade?symbol=${market.symbol}&side=buy`)}
        >
          {t('detail.buy')}
        </Button>
        <Button
          block
          className="btn-sell"
          data-testid="detail-sell"
          onClick={() => navigate(`/trade?symbol=${market.symbol}&side=sell`)}
        >
          {t('detail.sell')}
        </Button>
      </div>
    </div>
  );
}
