import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { CoinIcon } from '../../../components/CoinIcon.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { roundDecimal } from '../../../lib/format/decimal.ts';
import { formatPrice } from '../../../lib/format/price.ts';
import { contractsQuery, fundingInfoQuery, spotTickersQuery } from '../api/futures.ts';
import { ratePercent } from '../model/contract-units.ts';
import { coinTypeOf } from '../model/coin-type.ts';
import { useLiveFutures } from './useFutures.ts';
import './futures.css';

/**
 * The futures sub-list of /market: every perpetual with its mark price, the underlying's 24 h change (the
 * index follows the spot market) and the predicted funding rate. A tap opens the futures side of /trade.
 */
export function FuturesContractList() {
  const { t } = useTranslation('futures');
  const navigate = useNavigate();
  useLiveFutures({ mine: false });
  const contracts = useQuery(contractsQuery());
  const funding = useQuery(fundingInfoQuery());
  const tickers = useQuery(spotTickersQuery());
  if (contracts.isLoading) return <div className="list-loading">{t('loading')}</div>;
  const list = contracts.data ?? [];
  if (list.length === 0) return <EmptyState title={t('noContracts')} />;
  const open = (symbol: string) => navigate(`/trade?mode=futures&symbol=${symbol}`);
  return (
    <div data-testid="futures-list">
      <div className="futures-list__row futures-list__row--head">
        <span>{t('list.contract')}</span>
        <span className="futures-list__num">{t('price.mark')}</span>
        <span className="futures-list__num">{t('list.change')}</span>
        <span className="futures-list__num">{t('funding.rateShort')}</span>
      </div>
      <ul className="plain-list">
        {list.map((c) => {
          const change = tickers.data?.find((x) => x.symbol === c.symbol)?.changePercent ?? null;
          const pct = change === null ? null : roundDecimal(change, 2);
          const moved = pct !== null && /[1-9]/.test(pct); // 0.00 % is neither up nor down
          const up = moved && !pct.startsWith('-');
          const rate = funding.data?.find((f) => f.symbol === c.symbol)?.predictedRate;
          return (
            <li key={c.symbol}>
              <div
                className="futures-list__row"
                role="link"
                tabIndex={0}
                data-testid={`futures-row-${c.symbol}`}
                onClick={() => open(c.symbol)}
                onKeyDown={(e) => e.key === 'Enter' && open(c.symbol)}
              >
                <span className="futures-list__name">
                  <CoinIcon coinType={coinTypeOf(c.base)} symbol={c.base} size={24} />
                  <strong>{c.symbol}</strong>
                </span>
                <span className="futures-list__num" data-testid="futures-row-mark">
                  {formatPrice(c.markPrice)}
                </span>
                <span className={'futures-list__num ' + (!moved ? '' : up ? 'is-up' : 'is-down')}>
                  {pct === null ? '--' : `${up ? '+' : ''}${pct}%`}
                </span>
                <span className="futures-list__num" data-testid="futures-row-funding">
                  {rate === undefined ? '--' : `${ratePercent(rate)}%`}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
