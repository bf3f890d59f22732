import { useState } from 'react';
import { Button, Dialog, Input, Popup, Toast } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { SendCodeButton } from '../../account/components/SendCodeButton.tsx';
import {
  addressesQuery,
  applyWithdrawal,
  cancelWithdrawal,
  drawInfosQuery,
  PAGE_SIZE,
  securityQuery,
  withdrawalsQuery,
  type SecurityState,
  type WithdrawBody,
} from '../api/wallet.ts';
import type { DrawInfos } from '../api/types.ts';
import { ChoiceField } from '../components/CurrencyPicker.tsx';
import { showCommandError } from '../components/errors.ts';
import { FormRow, InfoLine, LoadState, SignedInGate } from '../components/Gate.tsx';
import { FundPasswordInline } from '../../../components/FundPasswordInline.tsx';
import { KycNotice, showKycRequired } from '../components/KycNotice.tsx';
import { Pager } from '../components/Pager.tsx';
import { StatusTag } from '../components/StatusTag.tsx';
import { Time } from '../components/Time.tsx';
import { useCurrencyChoice } from '../components/useCurrencyChoice.ts';
import { useMoneyCommand } from '../components/useMoneyCommand.ts';
import { amountProblem, receiveAfterFee, showAmount } from '../model/amounts.ts';
import '../components/wallet.css';
import { refreshMoney } from '../../../lib/money-refresh.ts';

const SIX_DIGITS = /^\d{6}$/;
const FIELDS = ['address', 'amount', 'fundPassword', 'code', 'totpCode'] as const;

/** /withdraw: an on-chain withdrawal application (approved by an operator later) and its records. */
export default function WithdrawPage() {
  return (
    <SignedInGate>
      <Withdraw />
    </SignedInGate>
  );
}

function Withdraw() {
  const infos = useQuery(drawInfosQuery());
  const security = useQuery(securityQuery());
  if (!infos.data || !security.data) {
    return (
      <LoadState
        error={infos.isError || security.isError}
        retry={() => void Promise.all([infos.refetch(), security.refetch()])}
      />
    );
  }
  return (
    <div className="wal-page">
      {infos.data.kyc.level === 'none' ? <KycNotice path={infos.data.kyc.verifyPath} /> : null}
      <WithdrawForm infos={infos.data} security={security.data} />
      <WithdrawalRecords />
    </div>
  );
}

function WithdrawForm(props: { infos: DrawInfos; security: SecurityState }) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { infos, security } = props;
  const { currency, chain, chooseCurrency, chooseChain } = useCurrencyChoice(infos.currencies, params.get('currency'));
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [code, setCode] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [bookOpen, setBookOpen] = useState(false);
  const command = useMoneyCommand();
  const codeChannel: 'email' | 'sms' = security.emailBound ? 'email' : 'sms';
  // the 24-hour verification limit in the currency being withdrawn (the server's per-currency figure); an
  // older server only gives it in BTC, which is shown for a BTC withdrawal alone, never as "0 / 0 BTC" on USDT
  const kycRemainingText =
    currency?.kycRemaining !== undefined
      ? `${showAmount(currency.kycRemaining)} ${currency.currency}`
      : infos.kyc.level !== 'none' && currency?.currency === 'BTC'
        ? `${showAmount(infos.kyc.remainingBtc24h)} / ${showAmount(infos.kyc.limitBtc24h)} BTC`
        : null;

  if (!currency || !chain) return null;
  const scale = currency.scale;
  const receive = receiveAfterFee(amount, chain.withdrawFee, scale);
  const edit = (field: string, set: (v: string) => void) => (v: string) => {
    set(v);
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const validate = (): Record<string, string> => {
    const e: Record<string, string> = {};
    if (!address.trim()) e.address = t('withdraw.addressEmpty');
    const problem = amountProblem(amount, scale, {
      min: currency.min,
      max: currency.max,
      available: currency.withdrawable,
    });
    if (problem)
      e.amount = t(`amountError.${problem}`, {
        min: currency.min,
        max: currency.max,
        scale,
        currency: currency.currency,
      });
    if (!SIX_DIGITS.test(fundPassword)) e.fundPassword = t('withdraw.fundPasswordInvalid');
    if (!SIX_DIGITS.test(code.trim())) e.code = t('withdraw.codeInvalid');
    if (security.totpEnabled && !SIX_DIGITS.test(totpCode.trim())) e.totpCode = t('withdraw.totpInvalid');
    return e;
  };

  const onSubmit = async () => {
    const e = validate();
    setErrors(e);
    if (Object.keys(e).length) return;
    const body: Omit<WithdrawBody, 'requestId'> = {
      currency: currency.currency,
      chain: chain.chain,
      address: address.trim(),
      amount: amount.trim(),
      fundPassword,
      code: code.trim(),
      codeChannel,
      ...(security.totpEnabled ? { totpCode: totpCode.trim() } : {}),
    };
    try {
      const done = await command.run(body, (requestId) => applyWithdrawal({ ...body, requestId }, { silent: true }));
      if (!done) return;
      setAmount('');
      setFundPassword('');
      setCode('');
      setTotpCode('');
      await refreshMoney(queryClient);
      void Dialog.alert({
        content: <div data-testid="withdraw-success">{done.message || t('withdraw.success')}</div>,
        confirmText: t('action.ok'),
      });
    } catch (err) {
      const key = showCommandError(err, FIELDS, (f, m) => setErrors((x) => ({ ...x, [f]: m })));
      if (key === 'KYC_REQUIRED' && err instanceof Error) showKycRequired(err.message, infos.kyc.verifyPath);
    }
  };

  return (
    <section className="card">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        <FormRow name="currency" label={t('field.currency')}>
          <ChoiceField
            title={t('field.currency')}
            testId="pick-currency"
            value={currency.currency}
            options={infos.currencies.map((c) => ({
              value: c.currency,
              label: `${c.currency} · ${c.name}`,
              coinType: c.coinType,
            }))}
            onChange={(v) => {
              chooseCurrency(v);
              setAddress('');
              setAmount('');
            }}
          />
        </FormRow>
        <FormRow name="chain" label={t('field.chain')}>
          <div className="wal-chips">
            {currency.chains.map((c) => (
              <button
                key={c.chain}
                type="button"
                className={'wal-chip' + (c.chain === chain.chain ? ' wal-chip--on' : '')}
                onClick={() => {
                  chooseChain(c.chain);
                  setAddress('');
                }}
                data-testid={`chain-${c.chain}`}
              >
                {c.chain}
              </button>
            ))}
          </div>
        </FormRow>
        <FormRow
          name="address"
          label={t('field.address')}
          error={errors.address}
          extra={
            <button
              type="button"
              className="wal-link"
              onClick={() => setBookOpen(true)}
              data-testid="open-address-book"
            >
              {t('withdraw.addressBook')}
            </button>
          }
        >
          <Input
            placeholder={t('withdraw.addressPlaceholder', { chain: chain.chain })}
            value={address}
            onChange={edit('address', setAddress)}
            autoComplete="off"
            data-testid="input-address"
          />
        </FormRow>
        <FormRow
          name="amount"
          label={t('field.amount')}
          error={errors.amount}
          note={t('withdraw.limits', {
            min: showAmount(currency.min),
            max: showAmount(currency.max),
            currency: currency.currency,
          })}
          extra={
            <span>
              {t('withdraw.withdrawable')}: <span data-testid="withdrawable">{showAmount(currency.withdrawable)}</span>
            </span>
          }
        >
          <Input
            inputMode="decimal"
            placeholder={t('withdraw.amountPlaceholder')}
            value={amount}
            onChange={edit('amount', setAmount)}
            data-testid="input-amount"
          />
          <button
            type="button"
            className="wal-link"
            onClick={() => edit('amount', setAmount)(currency.withdrawable)}
            data-testid="amount-all"
          >
            {t('action.all')}
          </button>
        </FormRow>
        <InfoLine label={t('withdraw.available')} value={`${showAmount(currency.available)} ${currency.currency}`} />
        <InfoLine
          label={t('withdraw.fee')}
          value={`${showAmount(chain.withdrawFee)} ${currency.currency}`}
          testId="withdraw-fee"
        />
        <InfoLine
          label={t('withdraw.receive')}
          value={receive ? `${showAmount(receive)} ${currency.currency}` : '--'}
          testId="withdraw-receive"
          strong
        />
        <InfoLine
          label={t('withdraw.todayRemaining')}
          value={`${showAmount(currency.todayRemaining)} ${currency.currency}`}
        />
        {kycRemainingText ? (
          <InfoLine label={t('withdraw.kycRemaining')} value={kycRemainingText} testId="kyc-remaining" />
        ) : null}
        <FormRow name="fundPassword" label={t('field.fundPassword')} error={errors.fundPassword}>
          <Input
            type="password"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            placeholder={t('withdraw.fundPasswordPlaceholder')}
            value={fundPassword}
            onChange={edit('fundPassword', setFundPassword)}
            data-testid="input-fund-password"
          />
        </FormRow>
        {/* set it here, without leaving the form: what was entered stays */}
        {!security.fundPasswordSet ? <FundPasswordInline /> : null}
        <FormRow
          name="code"
          label={t(codeChannel === 'email' ? 'field.emailCode' : 'field.smsCode')}
          error={errors.code}
        >
          <Input
            inputMode="numeric"
            maxLength={6}
            placeholder={t('withdraw.codePlaceholder')}
            value={code}
            onChange={edit('code', setCode)}
            data-testid="input-code"
          />
          <SendCodeButton purpose="withdraw" target={() => ({ channel: codeChannel })} testId="send-code" />
        </FormRow>
        {security.totpEnabled ? (
          <FormRow name="totpCode" label={t('field.totp')} error={errors.totpCode}>
            <Input
              inputMode="numeric"
              maxLength={6}
              placeholder={t('withdraw.totpPlaceholder')}
              value={totpCode}
              onChange={edit('totpCode', setTotpCode)}
              data-testid="input-totp"
            />
          </FormRow>
        ) : null}
        <Button
          className="wal-submit"
          block
          color="primary"
          type="submit"
          loading={command.busy}
          data-testid="submit-withdraw"
        >
          {t('withdraw.submit')}
        </Button>
      </form>
      <AddressBookPopup
        open={bookOpen}
        currency={currency.currency}
        chain={chain.chain}
        onClose={() => setBookOpen(false)}
        onPick={(a) => {
          edit('address', setAddress)(a);
          setBookOpen(false);
        }}
      />
    </section>
  );
}

function AddressBookPopup(props: {
  open: boolean;
  currency: string;
  chain: string;
  onClose: () => void;
  onPick: (address: string) => void;
}) {
  const { t } = useTranslation('wallet');
  const list = useQuery({ ...addressesQuery(props.currency), enabled: props.open });
  const items = (list.data?.items ?? []).filter((a) => a.chain === props.chain);
  return (
    <Popup
      visible={props.open}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      bodyStyle={{ borderRadius: '14px 14px 0 0', maxHeight: '70vh', overflow: 'auto' }}
    >
      <div style={{ padding: 16 }} data-testid="address-book-popup">
        <h2 className="card__title" style={{ marginBottom: 8 }}>
          {t('withdraw.addressBookTitle', { currency: props.currency, chain: props.chain })}
        </h2>
        {!list.data ? (
          <LoadState error={list.isError} retry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={t('address.empty')} action={<Link to="/mine/addCoinAddress">{t('address.add')}</Link>} />
        ) : (
          items.map((a) => (
            <button
              type="button"
              key={a.id}
              className="wal-record"
              style={{ width: '100%', textAlign: 'left', background: 'none', border: 'none' }}
              onClick={() => props.onPick(a.address)}
              data-testid="saved-address"
            >
              <div className="wal-record__head">{a.remark || a.chain}</div>
              <div className="wal-record__mono">{a.address}</div>
            </button>
          ))
        )}
        <div className="wal-links" style={{ marginTop: 8 }}>
          <Link to="/mine/coinAddress">{t('address.manage')}</Link>
        </div>
      </div>
    </Popup>
  );
}

function WithdrawalRecords() {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const records = useQuery(withdrawalsQuery(page));

  const onCancel = async (id: number) => {
    const ok = await Dialog.confirm({
      content: t('withdraw.cancelConfirm'),
      confirmText: t('action.confirm'),
      cancelText: t('action.back'),
    });
    if (!ok) return;
    try {
      await cancelWithdrawal(id);
      Toast.show({ content: t('withdraw.cancelled') });
    } catch {
      // the API client has shown the server's message
    }
    await refreshMoney(queryClient);
  };

  return (
    <section className="card">
      <header className="card__head">
        <h2 className="card__title">{t('withdraw.records')}</h2>
      </header>
      {!records.data ? (
        <LoadState error={records.isError} retry={() => void records.refetch()} />
      ) : records.data.items.length === 0 ? (
        <EmptyState testId="withdrawals-empty" icon={<FileOutline />} title={t('withdraw.noRecords')} />
      ) : (
        <>
          {records.data.items.map((w) => (
            <div className="wal-record" key={w.id} data-testid="withdrawal-record" data-id={w.id}>
              <div className="wal-record__head">
                <span>
                  {showAmount(w.amount)} {w.currency}
                </span>
                <StatusTag status={w.status} testId="withdrawal-status" />
              </div>
              <div className="wal-record__sub">
                <span>{t('withdraw.feeShort', { fee: showAmount(w.fee) })}</span>
                <span>{t('withdraw.receiveShort', { amount: showAmount(w.receive) })}</span>
                <Time at={w.time} />
              </div>
              <div className="wal-record__mono">
                {w.chain} · {w.address}
              </div>
              {w.reason ? <div className="wal-record__sub">{t('withdraw.reason', { reason: w.reason })}</div> : null}
              {w.txHash ? <div className="wal-record__mono">{w.txHash}</div> : null}
              {w.status === 'pending' ? (
                <Button
                  size="mini"
                  fill="outline"
                  style={{ marginTop: 6 }}
                  onClick={() => void onCancel(w.id)}
                  data-testid="cancel-withdrawal"
                >
                  {t('withdraw.cancel')}
                </Button>
              ) : null}
            </div>
          ))}
          <Pager page={page} size={PAGE_SIZE} total={records.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
