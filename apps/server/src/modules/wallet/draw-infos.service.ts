import { KYC_LIMITS } from '@tidemark/contract/kyc';
import { parseUnits } from '@tidemark/contract/money';
import { CURRENCIES } from '../market/currencies.ts';
import { show } from './amounts.ts';
import { lockedDepositUnits, withdrawableUnits } from './locked-deposits.ts';
import { btcLimitOf, btcUsed24h, showBtc, usedToday } from './withdraw-limits.ts';
import { kycLevelOf, type WalletDeps } from './wallet-deps.ts';

/**
 * /xb/v1/account/currency/draw/infos: per currency its chains and fees, the limits, what remains
 * of today's limit, what is withdrawable now, and the KYC 24-hour limit remaining (in BTC).
 */
export async function drawInfos(deps: WalletDeps, userId: number) {
  const now = deps.ctx.clock.now();
  const level = await kycLevelOf(deps.ctx, userId);
  const limit = btcLimitOf(level);
  const used = await btcUsed24h(deps.ctx.db, userId, now);
  const balances = await deps.ledger.balancesOf(userId);
  const currencies = [];
  for (const c of CURRENCIES) {
    const daily = parseUnits(c.withdraw.daily, c.scale);
    const today = await usedToday(deps.ctx.db, userId, c.code, now);
    const available = balances.find((b) => b.currency === c.code && b.wallet === 'spot')?.available ?? 0n;
    const locked = available > 0n ? await lockedDepositUnits(deps.ctx.db, userId, c.code) : 0n;
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
      todayRemaining: show(daily > today ? daily - today : 0n, c),
    });
  }
  return {
    kyc: {
      level,
      limitBtc24h: showBtc(limit),
      remainingBtc24h: showBtc(limit > used ? limit - used : 0n),
      fiatPerTrade: KYC_LIMITS[level].fiatPerTrade,
      verifyPath: '/mine/identity',
    },
    bank: { feeRate: deps.config.bank.feeRate, min: deps.config.bank.min, currency: 'USDT' },
    currencies,
  };
}
