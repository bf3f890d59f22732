import Tabs from 'antd-mobile/es/components/tabs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { formatDateTime } from '../../referral/model/dates.ts'; // referral feature: dates in the reader's language
import { couponsQuery, type Coupon } from '../api/coupon.ts';
import '../components/coupon.css';

/**
 * /mine/coupons: the user's fee coupons, active and expired. Each shows its value by the rule of spec §9 in both
 * halves — "pay 90 % of the fee (10 % off)" — so no language reads it the wrong way round.
 */
export default signedInPage('coupon', CouponsScreen);

function CouponsScreen() {
  const { t } = useTranslation('coupon');
  const [tab, setTab] = useState<'active' | 'expired'>('active');
  const list = useQuery(couponsQuery());
  if (!list.data) return <LoadState of={[list]} />;
  const shown = list.data.filter((c) => c.status === tab);
  return (
    <div className="page-stack" data-testid="coupons-page">
      <Tabs activeKey={tab} onChange={(k) => setTab(k === 'expired' ? 'expired' : 'active')}>
        <Tabs.Tab key="active" title={t('tab.active')} />
        <Tabs.Tab key="expired" title={t('tab.expired')} />
      </Tabs>
      {shown.length === 0 ? (
        <div className="cpn-empty" data-testid="coupons-empty">
          {t(tab === 'active' ? 'empty.active' : 'empty.expired')}
        </div>
      ) : (
        shown.map((c) => <CouponCard key={c.id} coupon={c} />)
      )}
    </div>
  );
}

function CouponCard({ coupon: c }: { coupon: Coupon }) {
  const { t, i18n } = useTranslation('coupon');
  const markets = c.symbols.length ? c.symbols.join(', ') : t('allMarkets');
  const products = c.products.map((p) => t(`product.${p}`)).join(' · ');
  return (
    <div className={'cpn-card' + (c.status === 'expired' ? ' is-expired' : '')} data-testid="coupon-card">
      <div className="cpn-card__value" data-testid="coupon-value">
        {c.value}
      </div>
      <div className="cpn-card__body">
        <div className="cpn-card__rule" data-testid="coupon-rule">
          {t('rule', { pay: c.payPercent, off: c.offPercent })}
        </div>
        <div className="cpn-card__meta">
          {products} — {markets}
        </div>
        <div className="cpn-card__meta">
          {t(c.status === 'expired' ? 'expiredAt' : 'expiresAt', {
            time: formatDateTime(c.expiresAt, i18n.language),
          })}
        </div>
        <div className="cpn-card__meta">{t(`source.${c.source}`)}</div>
      </div>
    </div>
  );
}
