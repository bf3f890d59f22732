import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { ActionButton } from '../../../components/ActionButton.tsx';
import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api.ts';
import { availableQuery, planQuery, subscribe, type EarnPlan } from '../api/earn.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { signedInPage } from '../../../components/SignInGate.tsx';
import { Line } from '../components/Line.tsx';
import { showAmount, showTime } from '../components/format.ts';
import { useMoneyCommand } from '../../../lib/use-money-command.ts';
import { amountProblem, percentOf, previewLock } from '../model/earn-math.ts';
import '../components/earn.css';
import { refreshMoney } from '../../../lib/money-refresh.ts';
import { FundPasswordInline, useFundPasswordSet } from '../../../components/FundPasswordInline.tsx';

/** /confirmLock/:id: amount, the wallet it comes from, what it earns and what early redemption costs — then the fund password. */
export default signedInPage('earn', ConfirmLock);

function ConfirmLock() {
  const id = Number(useParams().id);
  const plan = useQuery(planQuery(id));
  const available = useQuery(availableQuery());
  if (!plan.data || !available.data) {
    return <LoadState of={[plan, available]} />;
  }
  return <ConfirmForm plan={plan.data} available={available.data} />;
}

function ConfirmForm({ plan: p, available }: { plan: EarnPlan; available: Record<string, string> }) {
  const { t } = useTranslation('earn');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const command = useMoneyCommand();
  const [amount, setAmount] = useState('');
  const [wallet, setWallet] = useState<'spot' | 'earn'>('spot');
  const [fundPassword, setFundPassword] = useState('');
  const [errors, setErrors] = useState<{
    amount?: string | undefined;
    fundPassword?: string | undefined;
    notSet?: boolean;
  }>({});
  const fundPasswordSet = useFundPasswordSet();
  const balance = available[`${wallet}:${p.currency}`] ?? '0';
  const preview = previewLock(amount, p.scale, p.dailyRate, p.lockDays, p.penaltyRate);

  const amountError = (text: string): string | undefined => {
    const problem = amountProblem(text, p.scale, { min: p.minAmount, max: p.maxAmount, available: balance });
    if (!problem) return undefined;
    return t(`error.${problem}`, { scale: p.scale, min: p.minAmount, max: p.maxAmount, currency: p.currency });
  };

  const submit = async () => {
    const next = { amount: amountError(amount), fundPassword: fundPassword ? undefined : t('error.fundPassword') };
    setErrors(next);
    if (next.amount || next.fundPassword) return;
    const body = { planId: p.id, amount: amount.trim(), wallet, fundPassword };
    try {
      const order = await command.run(body, (requestId) => subscribe(requestId, body));
      if (!order) return;
      await refreshMoney(queryClient);
      Toast.show({ icon: 'success', content: t('confirm.success') });
      navigate('/lockRecord', { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.field === 'fundPassword')
        setErrors({ fundPassword: err.message, notSet: err.error === 'FUND_PASSWORD_NOT_SET' });
      else if (err.field === 'amount' || err.error === 'INSUFFICIENT_BALANCE') setErrors({ amount: err.message });
      else Toast.show({ content: err.message });
    }
  };

  return (
    <div className="earn-page" data-testid="confirm-lock">
      <section className="earn-card">
        <div className="earn-card__head">
          <span className="earn-card__title">
            {p.currency} · {t('plans.days', { count: p.lockDays })}
          </span>
          <span className="earn-rate" style={{ fontSize: 18 }}>
            {percentOf(p.dailyRate)}%<small>{t('plans.dailyRate')}</small>
          </span>
        </div>

        <div className="earn-field">
          <div className="earn-field__label">
            <span>{t('confirm.wallet')}</span>
          </div>
          <div className="earn-wallets" role="group">
            {(['spot', 'earn'] as const).map((w) => (
              <button
                key={w}
                type="button"
                aria-pressed={wallet === w}
                onClick={() => setWallet(w)}
                data-testid={`wallet-${w}`}
              >
                {t(`confirm.wallet_${w}`)}
                <small data-testid={`available-${w}`}>
                  {t('confirm.available')} {showAmount(available[`${w}:${p.currency}`] ?? '0')} {p.currency}
                </small>
              </button>
            ))}
          </div>
        </div>

        <div className="earn-field">
          <div className="earn-field__label">
            <span>{t('confirm.amount')}</span>
            <span>
              {showAmount(p.minAmount)} – {showAmount(p.maxAmount)}
            </span>
          </div>
          <div className="earn-input">
            <Input
              inputMode="decimal"
              placeholder={t('confirm.amountPlaceholder', { min: p.minAmount })}
              value={amount}
              onChange={(v) => {
                setAmount(v);
                if (errors.amount) setErrors({ ...errors, amount: undefined });
              }}
              data-testid="lock-amount"
            />
            <span>{p.currency}</span>
            <Button
              size="mini"
              fill="none"
              color="primary"
              onClick={() => setAmount(maxOf(balance, p.maxAmount, p.scale))}
              data-testid="lock-max"
            >
              {t('confirm.max')}
            </Button>
          </div>
          {errors.amount && (
            <div className="earn-error" role="alert" data-testid="amount-error">
              {errors.amount}
            </div>
          )}
        </div>
      </section>

      <section className="earn-card" data-testid="lock-preview">
        <Line label={t('confirm.daily')} testId="preview-daily">
          {preview ? `${showAmount(preview.daily)} ${p.currency}` : '--'}
        </Line>
        <Line label={t('confirm.expected')} testId="preview-expected" tone="strong">
          {preview ? `${showAmount(preview.expected)} ${p.currency}` : '--'}
        </Line>
        <Line label={t('confirm.end')}>{showTime(p.endTime)}</Line>
        <Line label={t('confirm.penalty')} testId="preview-penalty" tone="warn">
          {preview ? `${showAmount(preview.penalty)} ${p.currency}` : '--'}
        </Line>
        <p className="earn-note">{t('confirm.penaltyNote', { rate: percentOf(p.penaltyRate) })}</p>
        {p.graceMinutes > 0 && <p className="earn-note">{t('plans.grace', { minutes: p.graceMinutes })}</p>}
        <div className="earn-source">
          <b>{t('plans.source')}</b> {p.yieldSource}
        </div>
      </section>

      <section className="earn-card">
        <div className="earn-field" style={{ marginBottom: 0 }}>
          <div className="earn-field__label">
            <span>{t('confirm.fundPassword')}</span>
          </div>
          {/* no fund password yet: set it here first, the amount typed above stays */}
          {fundPasswordSet === false ? <FundPasswordInline /> : null}
          <div className="earn-input" style={fundPasswordSet === false ? { display: 'none' } : undefined}>
            <Input
              type="password"
              autoComplete="off"
              placeholder={t('confirm.fundPasswordPlaceholder')}
              value={fundPassword}
              onChange={(v) => {
                setFundPassword(v);
                if (errors.fundPassword) setErrors({ ...errors, fundPassword: undefined });
              }}
              data-testid="lock-fund-password"
            />
          </div>
          {errors.fundPassword && (
            <div className="earn-error" role="alert" data-testid="fund-password-error">
              {errors.fundPassword}{' '}
              {errors.notSet && (
                <Link to="/mine/fund" data-testid="set-fund-password">
                  {t('confirm.setFundPassword')}
                </Link>
              )}
            </div>
          )}
        </div>
      </section>

      <ActionButton
        block
        color="primary"
        size="large"
        busy={command.busy}
        disabled={!p.accepting || fundPasswordSet === false}
        onAction={submit}
        testId="lock-submit"
      >
        {t('confirm.submit')}
      </ActionButton>
    </div>
  );
}

/** The larger amount allowed: min(available, plan maximum), as a decimal string (compared exactly). */
function maxOf(balance: string, max: string, scale: number): string {
  return amountProblem(balance, scale, { min: '0', max, available: undefined }) === 'aboveMax' ? max : balance;
}
