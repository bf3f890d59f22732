import { describe, expect, it } from 'vitest';
import type { DrawCurrency, DrawInfos } from '../api/types.ts';
import { withdrawErrors } from './withdraw-errors.ts';
import { initialWithdraw, withdrawReducer, type WithdrawState } from './withdraw-form.ts';
import { summarizeWithdraw, type WithdrawContext } from './withdraw-summary.ts';

const usdt: DrawCurrency = {
  currency: 'USDT',
  name: 'Tether',
  coinType: 825,
  scale: 6,
  chains: [
    { chain: 'ERC20', withdrawFee: '5', minDeposit: '1' },
    { chain: 'TRC20', withdrawFee: '1', minDeposit: '1' },
  ],
  available: '500',
  withdrawable: '400',
  min: '10',
  max: '100000',
  daily: '200000',
  todayRemaining: '200000',
  kycRemaining: '5000',
};
const btc: DrawCurrency = {
  ...usdt,
  currency: 'BTC',
  name: 'Bitcoin',
  scale: 8,
  chains: [{ chain: 'BTC', withdrawFee: '0.0005', minDeposit: '0.0001' }],
  min: '0.001',
  max: '10',
  withdrawable: '1',
  kycRemaining: undefined as unknown as null,
};
const kyc: DrawInfos['kyc'] = {
  level: 'basic',
  limitBtc24h: '2',
  remainingBtc24h: '1.5',
  fiatPerTrade: '1000',
  verifyPath: '/mine/identity',
};
const ctx = (s: WithdrawState, totpEnabled = false): WithdrawContext => {
  const currency = [usdt, btc].find((c) => c.currency === s.currency)!;
  return { currency, chain: currency.chains.find((c) => c.chain === s.chain)!, kyc, codeChannel: 'email', totpEnabled };
};
const filled = (s: WithdrawState): WithdrawState =>
  [
    { field: 'address', value: ' 0xabc ' },
    { field: 'amount', value: '100' },
    { field: 'fundPassword', value: '123456' },
    { field: 'code', value: '654321' },
  ].reduce((x, a) => withdrawReducer(x, { type: 'edit', ...(a as { field: 'address'; value: string }) }), s);

describe('withdraw form', () => {
  const start = initialWithdraw([usdt, btc], { currency: 'USDT', chain: 'TRC20' });

  it('starts on the asked currency and chain, with a draft kept', () => {
    expect(start).toMatchObject({ currency: 'USDT', chain: 'TRC20', address: '', amount: '' });
    expect(initialWithdraw([usdt, btc], { currency: 'BTC', address: 'bc1q', amount: '0.1' })).toMatchObject({
      currency: 'BTC',
      chain: 'BTC',
      address: 'bc1q',
      amount: '0.1',
    });
  });

  it('forgets the address and amount of another coin, the address of another chain', () => {
    const s = filled(start);
    expect(withdrawReducer(s, { type: 'chain', chain: 'ERC20' })).toMatchObject({ address: '', amount: '100' });
    expect(withdrawReducer(s, { type: 'currency', currency: 'BTC', currencies: [usdt, btc] })).toMatchObject({
      currency: 'BTC',
      chain: 'BTC',
      address: '',
      amount: '',
    });
  });

  it('clears a field’s error when it is edited, and the secrets after a submission', () => {
    let s = withdrawReducer(start, { type: 'problems', problems: withdrawErrors(start, ctx(start)) });
    expect(Object.keys(s.problems).sort()).toEqual(['address', 'amount', 'code', 'fundPassword']);
    s = withdrawReducer(s, { type: 'edit', field: 'address', value: 'T9y' });
    expect(s.problems.address).toBeUndefined();
    s = withdrawReducer(filled(s), { type: 'submitted' });
    expect(s).toMatchObject({ address: ' 0xabc ', amount: '', fundPassword: '', code: '', problems: {} });
  });

  it('keeps the server’s refusal beside its field', () => {
    const s = withdrawReducer(start, { type: 'refused', field: 'address', text: 'Not a TRON address' });
    expect(s.problems.address).toEqual({ text: 'Not a TRON address' });
  });
});

describe('withdraw errors', () => {
  const start = initialWithdraw([usdt, btc], { currency: 'USDT', chain: 'TRC20' });

  it('passes a complete form', () => {
    expect(withdrawErrors(filled(start), ctx(start))).toEqual({});
  });

  it('checks the amount against the limits and what may be withdrawn', () => {
    const at = (amount: string) =>
      withdrawErrors(withdrawReducer(filled(start), { type: 'edit', field: 'amount', value: amount }), ctx(start))
        .amount;
    expect(at('5')).toMatchObject({ key: 'amountError.belowMin' });
    expect(at('450')).toMatchObject({ key: 'amountError.insufficient' });
    expect(at('1.1234567')).toMatchObject({ key: 'amountError.tooManyDecimals', params: { scale: 6 } });
  });

  it('asks for the authenticator code only when two-factor is on', () => {
    expect(withdrawErrors(filled(start), ctx(start, true)).totpCode).toEqual({ key: 'withdraw.totpInvalid' });
  });
});

describe('withdraw summary', () => {
  const start = filled(initialWithdraw([usdt, btc], { currency: 'USDT', chain: 'TRC20' }));

  it('takes the chain fee off what arrives and builds the request', () => {
    const sum = summarizeWithdraw(start, ctx(start, true));
    expect(sum.receive).toBe('99');
    expect(sum.body).toEqual({
      currency: 'USDT',
      chain: 'TRC20',
      address: '0xabc',
      amount: '100',
      fundPassword: '123456',
      code: '654321',
      codeChannel: 'email',
      totpCode: '',
    });
    expect(sum.kycRemaining).toBe('5,000 USDT');
  });

  it('shows the BTC verification limit only on a BTC withdrawal from an older server', () => {
    const b = withdrawReducer(start, { type: 'currency', currency: 'BTC', currencies: [usdt, btc] });
    expect(summarizeWithdraw(b, ctx(b)).kycRemaining).toBe('1.5 / 2 BTC');
  });
});
