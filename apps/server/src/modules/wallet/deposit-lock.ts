import { and, eq, inArray } from 'drizzle-orm';
import { multiplyPrice } from '@tidemark/contract/money';
import type { Db } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import { currencyOf, QUOTE, type CurrencyConfig } from '../market/currencies.ts';
import { PRICE_SCALE } from '../market/instruments.ts';
import type { PriceService } from '../market/price.service.ts';
import { show } from './amounts.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { UNLOCK_CONFIRMATIONS } from './wallet.config.ts';
import { bankWithdrawals, deposits, withdrawals } from './wallet.schema.ts';

/**
 * Typical seconds between blocks of each chain: the estimate of when a deposit reaches its
 * UNLOCK_CONFIRMATIONS. A chain missing here gets "after N more confirmations" without a time.
 */
export const BLOCK_SECONDS: Readonly<Record<string, number>> = {
  BTC: 600,
  LTC: 150,
  DOGE: 60,
  ERC20: 12,
  BEP20: 3,
  TRC20: 3,
  AVAXC: 2,
};

const usdt = () => currencyOf(QUOTE)!;

/** USDT value (minor units) of an amount at the index; null when the price is unavailable. */
function usdtValue(prices: PriceService, code: string, units: bigint, rounding: 'floor' | 'ceil'): bigint | null {
  if (units === 0n) return 0n;
  const c = currencyOf(code);
  if (!c) return null;
  try {
    return multiplyPrice(units, c.scale, prices.usdtPriceUnits(code), PRICE_SCALE, usdt().scale, rounding);
  } catch {
    return null;
  }
}

export interface LockedDeposit {
  currency: string;
  chain: string;
  amount: bigint;
  confirmations: number;
}

/** When the lock stops covering the withdrawal: the deposit whose confirmation frees enough value. */
export interface LockRelease {
  chain: string;
  confirmations: number;
  /** Seconds from now (estimated), null when the chain's block interval is unknown. */
  seconds: number | null;
}

/**
 * Pure rule: deposits credited but not yet unlocked are worth `locked` (USDT, valued rounded up); a
 * withdrawal may go ahead only if what the user still owns afterwards (`equityAfter`, valued
 * rounded down) covers them. Returns null when allowed, otherwise when it becomes possible — the
 * earliest moment at which the deposits still locked are worth no more than `equityAfter`.
 */
export function lockRelease(
  lockedValues: Array<{ deposit: LockedDeposit; value: bigint }>,
  equityAfter: bigint,
): LockRelease | null {
  let locked = lockedValues.reduce((s, l) => s + l.value, 0n);
  if (locked <= equityAfter) return null;
  const eta = (d: LockedDeposit) => {
    const outstanding = Math.max(1, UNLOCK_CONFIRMATIONS - d.confirmations);
    const block = BLOCK_SECONDS[d.chain];
    return { outstanding, seconds: block === undefined ? null : outstanding * block };
  };
  const ordered = lockedValues
    .map((l) => ({ ...l, ...eta(l.deposit) }))
    .sort((a, b) => (a.seconds ?? Number.MAX_SAFE_INTEGER) - (b.seconds ?? Number.MAX_SAFE_INTEGER));
  for (const l of ordered) {
    locked -= l.value;
    if (locked <= equityAfter) return { chain: l.deposit.chain, confirmations: l.outstanding, seconds: l.seconds };
  }
  // even with every deposit unlocked the withdrawal is larger than what the user owns (the balance check refuses it)
  const last = ordered[ordered.length - 1]!;
  return { chain: last.deposit.chain, confirmations: last.outstanding, seconds: last.seconds };
}

/**
 * The confirmation lock, across currencies and routes: any withdrawal (on-chain or bank, any
 * currency) is refused while, after it, the user's remaining equity — every wallet's balances
 * valued at the index, less what pending withdrawals already hold — would be below the value of
 * their deposits that have fewer than UNLOCK_CONFIRMATIONS. Converting, trading or moving the
 * deposited coins between wallets does not change that sum, so none of those routes gets round it.
 * Called inside the withdrawal's transaction after lockUserWithdrawals (pending withdrawals are
 * then stable). Balances that cannot be priced count as nothing; a locked deposit that cannot be
 * priced refuses the withdrawal (PRICE_UNAVAILABLE), so an outage never opens the lock.
 */
export async function checkDepositLock(
  deps: WalletDeps,
  tx: Db,
  userId: number,
  withdrawal: { currency: CurrencyConfig; amount: bigint },
): Promise<void> {
  const pending = await tx
    .select({
      currency: deposits.currency,
      chain: deposits.chain,
      amount: deposits.amount,
      confirmations: deposits.confirmations,
    })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, 'credited')));
  if (!pending.length) return;
  const prices = deps.prices;
  // every figure at the same rounding (down), so holding exactly the deposited coins compares equal
  const lockedValues = pending.map((d) => {
    const deposit = { ...d, amount: BigInt(d.amount) };
    const value = usdtValue(prices, d.currency, deposit.amount, 'floor');
    if (value === null) prices.usdtPriceUnits(d.currency); // throws PRICE_UNAVAILABLE
    return { deposit, value: value! };
  });

  // what the user owns after this withdrawal, per currency: every wallet, less what pending
  // withdrawals hold (frozen in the balances but already on its way out) and this withdrawal
  const units = new Map<string, bigint>();
  const add = (currency: string, delta: bigint) => units.set(currency, (units.get(currency) ?? 0n) + delta);
  for (const b of await deps.ledger.balancesOf(userId, tx)) add(b.currency, b.available + b.frozen);
  const pendingChain = await tx
    .select({ currency: withdrawals.currency, amount: withdrawals.amount })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ['pending'])));
  for (const w of pendingChain) add(w.currency, -BigInt(w.amount));
  const pendingBank = await tx
    .select({ amount: bankWithdrawals.amount })
    .from(bankWithdrawals)
    .where(and(eq(bankWithdrawals.userId, userId), eq(bankWithdrawals.status, 'pending')));
  for (const b of pendingBank) add(QUOTE, -BigInt(b.amount));
  add(withdrawal.currency.code, -withdrawal.amount);
  let equity = 0n;
  for (const [currency, u] of units) {
    if (u >= 0n) equity += usdtValue(prices, currency, u, 'floor') ?? 0n;
    else {
      // cannot happen while the balance check runs first; counted in full if it ever does
      const v = usdtValue(prices, currency, -u, 'ceil');
      if (v === null) prices.usdtPriceUnits(currency);
      equity -= v!;
    }
  }
  const release = lockRelease(lockedValues, equity);
  if (!release) return;
  const locked = lockedValues.reduce((s, l) => s + l.value, 0n);
  const params = {
    locked: show(locked, usdt()),
    left: show(equity > 0n ? equity : 0n, usdt()),
    confirmations: release.confirmations,
    chain: release.chain,
  };
  if (release.seconds === null) throw badRequest('DEPOSIT_LOCKED', 'withdraw.depositLocked', params, 'amount');
  throw badRequest(
    'DEPOSIT_LOCKED',
    'withdraw.depositLockedEta',
    { ...params, minutes: Math.max(1, Math.ceil(release.seconds / 60)) },
    'amount',
  );
}
