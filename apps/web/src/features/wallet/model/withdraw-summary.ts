import type { WithdrawBody } from '../api/wallet.ts';
import type { DrawChain, DrawCurrency, DrawInfos } from '../api/types.ts';
import { receiveAfterFee, showAmount } from './amounts.ts';
import type { WithdrawState } from './withdraw-form.ts';

/** What the form works against: the chosen currency and chain, the KYC figures, the user's security. */
export interface WithdrawContext {
  currency: DrawCurrency;
  chain: DrawChain;
  kyc: DrawInfos['kyc'];
  /** where the withdrawal code is sent: the e-mail when one is bound, else the phone */
  codeChannel: 'email' | 'sms';
  totpEnabled: boolean;
}

/**
 * What the withdrawal would do:
 * - receive: the amount less the chain's fee, as credited on chain (null while not a valid amount)
 * - kycRemaining: the 24-hour verification limit left, in the currency withdrawn (the server's
 *   per-currency figure); an older server gives it only in BTC, shown for a BTC withdrawal alone,
 *   never as "0 / 0 BTC" on USDT
 * - body: the request (without its requestId)
 */
export interface WithdrawSummary {
  receive: string | null;
  kycRemaining: string | null;
  body: Omit<WithdrawBody, 'requestId'>;
}

export function summarizeWithdraw(s: WithdrawState, ctx: WithdrawContext): WithdrawSummary {
  const { currency, kyc } = ctx;
  const kycRemaining =
    // an older server leaves the field out; null means no price (shown as "--")
    currency.kycRemaining !== undefined
      ? `${showAmount(currency.kycRemaining)} ${currency.currency}`
      : kyc.level !== 'none' && currency.currency === 'BTC'
        ? `${showAmount(kyc.remainingBtc24h)} / ${showAmount(kyc.limitBtc24h)} BTC`
        : null;
  return {
    receive: receiveAfterFee(s.amount, ctx.chain.withdrawFee, currency.scale),
    kycRemaining,
    body: {
      currency: currency.currency,
      chain: ctx.chain.chain,
      address: s.address.trim(),
      amount: s.amount.trim(),
      fundPassword: s.fundPassword,
      code: s.code.trim(),
      codeChannel: ctx.codeChannel,
      ...(ctx.totpEnabled ? { totpCode: s.totpCode.trim() } : {}),
    },
  };
}
