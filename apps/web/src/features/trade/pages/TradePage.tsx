import { useQuery } from '@tanstack/react-query';
import { LazyPopup } from '../../../components/LazyPopup.tsx';
import { DownOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSearchParams } from 'react-router-dom';
import type { SpotMarket } from '@tidemark/contract';
import { CoinIcon } from '../../../components/CoinIcon.tsx';
import { roundDecimal } from '../../../lib/format/decimal.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { OrderBook } from '../../../components/order-book/OrderBook.tsx';
import { TradeChart } from '../components/TradeChart.tsx';
import { marketsQuery } from '../api/trade.ts';
import { OpenOrders } from '../components/OpenOrders.tsx';
import { OrderTicket } from '../components/OrderTicket.tsx';
import { useAvailable, useBook, useLastPrice, useOpenOrders, useRecentStops } from '../components/useTradeData.ts';
import { INITIAL_TICKET, ticketReducer, type TicketContext } from '../model/ticket.ts';
import '../components/trade.css';
// one trade tab for both markets: the spot / futures switch picks the panel below it
import { TradeModeSwitch, useTradeMode } from '../../futures/components/TradeModeSwitch.tsx';
import { loadTexts } from '../../../lib/i18n.ts';

// the futures side is fetched when it is opened, with the texts of its risk warning: a spot visit does not
// download it (load budgets)
const FuturesPanel = lazy(() =>
  Promise.all([import('../../futures/components/FuturesPanel.tsx'), loadTexts(['responsible'])]).then(([m]) => ({
    default: m.FuturesPanel,
  })),
);

const DEFAULT_SYMBOL = 'BTCUSDT';

/**
 * /trade?symbol=BTCUSDT&side=buy — a collapsible price chart, the order book, the order ticket and the open orders of
 * one market;
 * /trade?mode=futures&symbol=BTCUSDT — the futures side (features/futures).
 */
export default function TradePage() {
  // the switch stays above both panels so the user keeps their place when changing market
  const mode = useTradeMode();
  return (
    <div className="page-body trade-page">
      <TradeModeSwitch />
      {mode === 'futures' ? (
        <Suspense fallback={null}>
          <FuturesPanel />
        </Suspense>
      ) : (
        <SpotTrade />
      )}
    </div>
  );
}

function SpotTrade() {
  const { t } = useTranslation('trade');
  const markets = useQuery(marketsQuery());
  const [params, setParams] = useSearchParams();
  const wanted = (params.get('symbol') ?? DEFAULT_SYMBOL).toUpperCase();
  const market = markets.data?.find((m) => m.symbol === wanted) ?? markets.data?.[0];

  if (markets.isLoading) return <div className="list-loading">{t('loading')}</div>;
  if (!market) return <EmptyState title={t('noMarkets')} testId="trade-empty" />;
  return (
    <TradeScreen
      key={market.symbol}
      market={market}
      markets={markets.data ?? []}
      side={params.get('side') === 'sell' ? 'sell' : 'buy'}
      onMarket={(symbol) => setParams({ symbol }, { replace: true })}
    />
  );
}

function TradeScreen(props: {
  market: SpotMarket;
  markets: SpotMarket[];
  side: 'buy' | 'sell';
  onMarket: (symbol: string) => void;
}) {
  const { t } = useTranslation('trade');
  const m = props.market;
  const book = useBook(m.symbol);
  const ticker = useLastPrice(m.symbol);
  const available = useAvailable();
  const orders = useOpenOrders(m.symbol);
  const stops = useRecentStops(m.symbol);
  const [picking, setPicking] = useState(false);
  const [ticket, dispatch] = useReducer(ticketReducer, { ...INITIAL_TICKET, side: props.side });

  // start the limit price at the last trade (or the best opposite price) once it is known — unless the user has
  // typed a price already (the market's data may arrive after the first keystrokes)
  const seed = ticker?.last ?? book?.asks[0]?.[0] ?? book?.bids[0]?.[0] ?? null;
  const seeded = useRef(false);
  useEffect(() => {
    if (!seed || seeded.current) return;
    seeded.current = true; // once: clearing the field to type a price must not refill it
    dispatch({ type: 'seedPrice', value: seed });
  }, [seed]);

  const ctx: TicketContext = {
    market: m,
    baseAvailable: available(m.base),
    quoteAvailable: available(m.quote),
    bestBid: book?.bids[0]?.[0] ?? null,
    bestAsk: book?.asks[0]?.[0] ?? null,
  };
  const change = ticker?.last ? ticker.changePercent : null;
  const up = change !== null && !change.startsWith('-');
  const pct = change === null ? null : roundDecimal(change, 2);

  return (
    <div data-testid="trade-page">
      <header className="trade-page__bar">
        <button
          type="button"
          className="trade-page__market"
          onClick={() => setPicking(true)}
          data-testid="market-picker"
        >
          <CoinIcon coinType={m.coinType} symbol={m.base} size={22} />
          <strong>{m.name}</strong>
          <DownOutline />
        </button>
        <span className={'trade-page__pct ' + (pct === null ? '' : up ? 'is-up' : 'is-down')}>
          {pct === null ? '--' : `${up && /[1-9]/.test(pct) ? '+' : ''}${pct}%`}
        </span>
        {ticker?.demo && <span className="trade-page__demo">{t('demo')}</span>}
      </header>
      <TradeChart symbol={m.symbol} />
      <div className="trade-page__main card">
        <OrderTicket state={ticket} dispatch={dispatch} ctx={ctx} last={ticker?.last ?? null} />
        <OrderBook
          book={book}
          tickSize={m.tickSize}
          last={ticker?.last ?? null}
          lastUp={up}
          onPrice={(p) => dispatch({ type: 'price', value: p })}
        />
      </div>
      <OpenOrders symbol={m.symbol} coinType={m.coinType} orders={orders} stops={stops} />
      <LazyPopup visible={picking} onMaskClick={() => setPicking(false)} position="bottom" bodyClassName="market-popup">
        <ul className="plain-list" data-testid="market-options">
          {props.markets.map((x) => (
            <li key={x.symbol}>
              <button
                type="button"
                className="market-option"
                onClick={() => {
                  setPicking(false);
                  props.onMarket(x.symbol);
                }}
              >
                <CoinIcon coinType={x.coinType} symbol={x.base} size={22} /> {x.name}
              </button>
            </li>
          ))}
        </ul>
      </LazyPopup>
    </div>
  );
}
