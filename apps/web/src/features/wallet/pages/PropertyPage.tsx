import { useState } from 'react';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Tabs from 'antd-mobile/es/components/tabs';
import { ArrowDownCircleOutline, LoopOutline, PayCircleOutline, UpCircleOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useNavigate } from 'react-router-dom';
import { CoinIcon } from '../../../components/CoinIcon.tsx';
import { assetsQuery } from '../api/wallet.ts';
import { useLiveWallet } from '../api/useLiveWallet.ts';
import { WALLETS, type AssetRow, type Assets, type WalletName } from '../api/types.ts';
import { DemoFundsCard } from '../components/DemoFunds.tsx';
import { DemoBadge } from '../components/DemoBadge.tsx';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { isPositive, showAmount, showValue } from '../model/amounts.ts';
import '../components/wallet.css';

/** /property: total assets in USDT and, per wallet, each currency's available, frozen and value. */
export default signedInPage('wallet', Property);

function Property() {
  useLiveWallet();
  const assets = useQuery(assetsQuery());
  if (!assets.data) return <LoadState of={[assets]} />;
  return <AssetsView assets={assets.data} />;
}

function AssetsView(props: { assets: Assets }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const [wallet, setWallet] = useState<WalletName>('spot');
  const [hideZero, setHideZero] = useState(false);
  const { assets } = props;
  const current = assets.wallets.find((w) => w.wallet === wallet);
  return (
    <div className="wal-page">
      <section className="wal-total" data-testid="assets-total">
        <div className="wal-total__label">
          {t('assets.total')}
          {assets.demo ? <DemoBadge /> : null}
        </div>
        <div className="wal-total__value">
          <span data-testid="assets-total-value">{showValue(assets.usdtTotal)}</span>
          <span className="wal-total__unit">USDT</span>
        </div>
        {assets.unpriced.length ? (
          <div className="wal-total__note">{t('assets.unpriced', { list: assets.unpriced.join(', ') })}</div>
        ) : null}
        <div className="wal-actions">
          <button type="button" onClick={() => navigate('/recharge')} data-testid="action-deposit">
            <ArrowDownCircleOutline />
            {t('action.deposit')}
          </button>
          <button type="button" onClick={() => navigate('/withdraw')} data-testid="action-withdraw">
            <UpCircleOutline />
            {t('action.withdraw')}
          </button>
          <button type="button" onClick={() => navigate('/transfer')} data-testid="action-transfer">
            <LoopOutline />
            {t('action.transfer')}
          </button>
          <button type="button" onClick={() => navigate('/convert')} data-testid="action-convert">
            <PayCircleOutline />
            {t('action.convert')}
          </button>
        </div>
      </section>
      <DemoFundsCard />
      <div className="wal-links">
        <Link to="/property/coinRecord" data-testid="link-records">
          {t('assets.records')}
        </Link>
        <Link to="/withdrawBank">{t('action.withdrawBank')}</Link>
        <Link to="/convertRecord">{t('assets.convertRecords')}</Link>
      </div>
      <section className="card">
        <Tabs activeKey={wallet} onChange={(k) => setWallet(k as WalletName)}>
          {WALLETS.map((w) => (
            <Tabs.Tab key={w} title={<span data-testid={`wallet-tab-${w}`}>{t(`wallet.${w}`)}</span>} />
          ))}
        </Tabs>
        {current ? (
          <div data-testid={`wallet-${wallet}`}>
            <div className="wal-wallet-head">
              <span>
                {t('assets.walletValue')}
                {assets.demo ? <DemoBadge /> : null}
              </span>
              <strong data-testid="wallet-total">{showValue(current.usdtTotal)} USDT</strong>
            </div>
            {wallet !== 'earn' ? (
              <div className="wal-wallet-head">
                <span>{t('assets.realizedPnl')}</span>
                <span data-testid="wallet-pnl">{showValue(current.realizedPnl)} USDT</span>
              </div>
            ) : null}
            {wallet !== 'earn' ? (
              <div className="wal-wallet-head">
                <span>{t('assets.realizedPnlToday')}</span>
                <span data-testid="wallet-pnl-today">{showValue(current.realizedPnlToday)} USDT</span>
              </div>
            ) : null}
            <Checkbox
              checked={hideZero}
              onChange={setHideZero}
              style={{ '--icon-size': '16px', '--font-size': '13px', marginBottom: 8 }}
            >
              {t('assets.hideZero')}
            </Checkbox>
            {sortRows(current.currencies)
              .filter((c) => !hideZero || isPositive(c.available) || isPositive(c.frozen))
              .map((c) => (
                <CoinRow key={c.currency} row={c} demo={assets.demo} />
              ))}
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** Currencies with a balance first, in the server's order otherwise. */
function sortRows(rows: AssetRow[]): AssetRow[] {
  const held = (r: AssetRow) => isPositive(r.available) || isPositive(r.frozen);
  return [...rows.filter(held), ...rows.filter((r) => !held(r))];
}

function CoinRow(props: { row: AssetRow; demo: boolean }) {
  const { t } = useTranslation('wallet');
  const c = props.row;
  return (
    <div className="wal-coin" data-testid={`coin-${c.currency}`}>
      <div className="wal-coin__head">
        <CoinIcon coinType={c.coinType} symbol={c.currency} size={22} />
        {c.currency}
        <span className="wal-coin__value">
          ≈ {c.usdtValue === null ? t('assets.noPrice') : `${showValue(c.usdtValue)} USDT`}
        </span>
      </div>
      <div className="wal-coin__grid">
        <span>
          {t('assets.available')}
          <b data-testid={`available-${c.currency}`}>{showAmount(c.available)}</b>
        </span>
        <span>
          {t('assets.frozen')}
          <b data-testid={`frozen-${c.currency}`}>{showAmount(c.frozen)}</b>
        </span>
        {c.withdrawable !== undefined ? (
          <span>
            {t('assets.withdrawable')}
            <b data-testid={`withdrawable-${c.currency}`}>{showAmount(c.withdrawable)}</b>
          </span>
        ) : null}
      </div>
      {c.lockedDeposits && isPositive(c.lockedDeposits) ? (
        <div className="wal-coin__note" data-testid={`locked-${c.currency}`}>
          {t('assets.lockedDeposits', { amount: showAmount(c.lockedDeposits), currency: c.currency })}
        </div>
      ) : null}
    </div>
  );
}
