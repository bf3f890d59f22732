import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { CoinIcon } from '../../../components/CoinIcon.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatPrice } from '../../../lib/format/price.ts';
import { COIN_TYPES } from '@tidemark/contract/coins';
import { cycleProductsQuery, indexPricesQuery } from '../api/market.ts';
import { DemoTag } from './DemoTag.tsx';

/** The cycle instruments (server: modules/cycle) with their latest index price; a tap opens /cycle. */
export function CycleList() {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const products = useQuery(cycleProductsQuery());
  const index = useQuery(indexPricesQuery());
  if (products.isLoading) return <div className="list-loading">{t('loading')}</div>;
  const list = (products.data?.instruments ?? []).filter((i) => i.enabled);
  if (list.length === 0) return <EmptyState title={t('cycle.none')} />;
  const priceOf = (instrument: string) => index.data?.prices.find((p) => p.instrument === instrument)?.price ?? null;
  return (
    <>
      <div className="list-note">
        {t('cycle.note')} <DemoTag show={Boolean(products.data?.demo || index.data?.demo)} />
      </div>
      <ul className="coin-list" data-testid="cycle-list">
        {list.map((i) => (
          <li key={i.instrument} data-testid={`cycle-row-${i.instrument}`} className="coin-list__item">
            <div
              className="coin-row"
              role="link"
              tabIndex={0}
              onClick={() => navigate('/cycle')}
              onKeyDown={(e) => e.key === 'Enter' && navigate('/cycle')}
            >
              <CoinIcon coinType={COIN_TYPES[i.base as keyof typeof COIN_TYPES] ?? 2001} symbol={i.base} size={28} />
              <div className="coin-row__name">
                <strong>{i.instrument}</strong>
                <div className="coin-row__sub">{t(i.kind === 'crypto' ? 'cycle.crypto' : 'cycle.commodity')}</div>
              </div>
              <div className="coin-row__price">
                <div>{formatPrice(priceOf(i.instrument))}</div>
                <div className="coin-row__sub">{t('cycle.index')}</div>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
