import { KYC_LIMITS } from '@tidemark/contract/kyc';
import { CURRENCIES, currencyOf } from '../market/currencies.ts';
import { show } from './amounts.ts';
import { lockedDepositUnits, withdrawableUnits } from './locked-deposits.ts';
import { btcRemaining, perTransaction, remainingLimits, showBtc } from './withdraw-limits.ts';
import { kycLevelOf, type WalletDeps } from './wallet-deps.ts';

/**
 * /xb/v1/account/currency/draw/infos: per currency its chains and fees, the limits, what is
 * withdrawable now, and every limit stated in the currency of the withdrawal (withdraw-limits.ts):
 * `kycRemaining` (the KYC 24-hour remainder converted at the index, rounded down) and
 * `todayRemaining` (what may really still be withdrawn today: the smaller of the daily maximum's
 * remainder and `kycRemaining` — 0 for an unverified user). The same for bank withdrawals, which
 * count against the same limits. Figures that need a price show null while it is unavailable.
 */
export async function drawInfos(deps: WalletDeps, userId: number) {
  const now = deps.ctx.clock.now();
  const db = deps.ctx.db;
  const level = await kycLevelOf(deps.ctx, userId);
  const btc = await btcRemaining(db, userId, level, now);
  const balances = await deps.ledger.balancesOf(userId);
  const currencies = [];
  for (const c of CURRENCIES) {
    const available = balances.find((b) => b.currency === c.code && b.wallet === 'spot')?.available ?? 0n;
    const locked = available > 0n ? await lockedDepositUnits(db, userId, c.code) : 0n;
    const left = await remainingLimits(db, deps.prices, userId, level, now, c, btc.remaining);
    currencies.push({
      currency: c.code,
      name: c.name,
      coinType: c.coinType,
      scale: c.scale,
      chains: c.chains.map((ch) => ({ chain: ch.chain, withdrawFee: ch.withdrawFee, minDeposit: ch.minDeposit })),
      available: show(available, c),
      withdrawable: show(withdrawableUnits(available, locked), c),
      min: c.withdraw.min,
      max: c.withdraw.max,
      daily: c.withdraw.daily,
      todayRemaining: left.todayRemaining,
      kycRemaining: left.kycRemaining,
    });
  }
  const usdt = currencyOf('USDT')!;
  const bankLeft = await remainingLimits(db, deps.prices, userId, level, now, usdt, btc.remaining);
  const bankMax = perTransaction('bank', usdt, level, deps.config).max;
  return {
    kyc: {
      level,
      limitBtc24h: showBtc(btc.limit),
      remainingBtc24h: showBtc(btc.remaining),
      fiatPerTrade: KYC_LIMITS[level].fiatPerTrade,
      verifyPath: '/mine/identity',
    },
    bank: {
      feeRate: deps.config.bank.feeRate,
      min: deps.config.bank.min,
      max: show(bankMax, usdt),
      daily: usdt.withdraw.daily,
      todayRemaining: bankLeft.todayRemaining,
      kycRemaining: bankLeft.kycRemaining,
      currency: 'USDT',
    },
    currencies,
  };
}
