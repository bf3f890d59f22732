import { LazyPopup } from '../../../components/LazyPopup.tsx';
import { DownOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useSearchParams } from 'react-router-dom';
import { useState } from 'react';
import { CoinIcon } from '../../../components/CoinIcon.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { cancelFuturesOrder } from '../api/futures.ts';
import type { FuturesOrder } from '@tidemark/contract/futures';
import { FundingBar } from './FundingBar.tsx';
import { FuturesBook } from './FuturesBook.tsx';
import { FuturesOrderCard } from './FuturesOrderCard.tsx';
import { FuturesTicket } from './FuturesTicket.tsx';
import { MarginAlerts } from './MarginAlerts.tsx';
import { PositionList } from './PositionList.tsx';
import { useFuturesData } from './useFutures.ts';
import '../../trade/components/trade.css';
import './futures.css';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { RiskBanner } from '../../responsible/components/RiskBanner.tsx'; // responsible feature: risk warning, leverage cap
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { coinTypeOf } from '../model/coin-type.ts';

const DEFAULT_SYMBOL = 'BTCUSDT';

/**
 * The futures side of /trade (?mode=futures&symbol=BTCUSDT): the contract picker, mark / index price with
 * the funding rate and countdown, the contract's order book and latest trades, the order ticket, the positions and
 * the open orders of the contract.
 */
export function FuturesPanel() {
  const { t } = useTranslation('futures');
  const [params, setParams] = useSearchParams();
  const wanted = (params.get('symbol') ?? DEFAULT_SYMBOL).toUpperCase();
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<{ symbol: string; price: string } | null>(null);
  const data = useFuturesData(wanted);
  const contracts = data.contracts.data ?? [];
  const contract = contracts.find((c) => c.symbol === wanted) ?? contracts[0];

  if (data.contracts.isLoading) return <div className="list-loading">{t('loading')}</div>;
  if (!contract) return <EmptyState title={t('noContracts')} testId="futures-empty" />;
  const coinType = coinTypeOf(contract.base);
  const positions = data.positions.data ?? [];
  const mine = positions.filter((p) => p.symbol === contract.symbol);
  const orders = (data.orders.data ?? []).filter((o) => o.symbol === contract.symbol);

  async function cancel(o: FuturesOrder) {
    const summary = `${o.symbol} ${o.quantity}${o.price ? ` @ ${o.price}` : ''}`;
    const ok = await confirmDialog({
      content: t('orders.cancelConfirm', { summary }),
      confirmText: t('orders.cancel'),
      cancelText: t('orders.keep'),
    });
    if (!ok) return;
    try {
      await cancelFuturesOrder(o.id);
      showToast({ content: t('orders.cancelled') });
    } finally {
      void refreshMoney(queryClient);
    }
  }

  return (
    <div className="futures-panel" data-testid="futures-panel">
      <header className="trade-page__bar">
        <button
          type="button"
          className="trade-page__market"
          onClick={() => setPicking(true)}
          data-testid="contract-picker"
        >
          <CoinIcon coinType={coinType} symbol={contract.base} size={22} />
          <strong>{t('perpetual', { symbol: contract.symbol })}</strong>
          <DownOutline />
        </button>
        {contract.demo && <span className="trade-page__demo">{t('demo')}</span>}
      </header>
      <RiskBanner product="futures" />
      {data.signedIn && <MarginAlerts />}
      <FundingBar
        contract={contract}
        funding={data.funding.data?.find((f) => f.symbol === contract.symbol)}
        receivedAt={data.funding.dataUpdatedAt}
      />
      <FuturesBook contract={contract} onPrice={(price) => setPicked({ symbol: contract.symbol, price })} />
      <div className="card futures-panel__ticket">
        <FuturesTicket
          key={contract.symbol}
          contract={contract}
          contracts={contracts}
          account={data.account.data}
          positions={positions}
          signedIn={data.signedIn}
          picked={picked?.symbol === contract.symbol ? picked : null}
        />
        {data.signedIn && (
          <Link to="/transfer" className="futures-panel__transfer" data-testid="futures-transfer">
            {t('transfer')}
          </Link>
        )}
      </div>
      {data.signedIn && (
        <PositionList
          positions={mine}
          contracts={contracts}
          coinType={coinType}
          available={data.account.data?.available}
        />
      )}
      {data.signedIn && (
        <section className="card" data-testid="futures-open-orders">
          <header className="card__head">
            <h2 className="card__title">{t('orders.open', { count: orders.length })}</h2>
          </header>
          {orders.length === 0 ? (
            <EmptyState title={t('orders.none')} />
          ) : (
            <ul className="order-list">
              {orders.map((o) => (
                <FuturesOrderCard key={o.id} order={o} onCancel={() => void cancel(o)} />
              ))}
            </ul>
          )}
        </section>
      )}
      <LazyPopup visible={picking} onMaskClick={() => setPicking(false)} position="bottom" bodyClassName="market-popup">
        <ul className="plain-list" data-testid="contract-options">
          {contracts.map((x) => (
            <li key={x.symbol}>
              <button
                type="button"
                className="market-option"
                onClick={() => {
                  setPicking(false);
                  setParams({ mode: 'futures', symbol: x.symbol }, { replace: true });
                }}
              >
                <CoinIcon coinType={coinTypeOf(x.base)} symbol={x.base} size={22} />{' '}
                {t('perpetual', { symbol: x.symbol })}
              </button>
            </li>
          ))}
        </ul>
      </LazyPopup>
    </div>
  );
}
