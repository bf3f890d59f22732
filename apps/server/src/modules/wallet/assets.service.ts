import { formatUnits, multiplyPrice } from '@tidemark/contract/money';
import { CURRENCIES, QUOTE, currencyOf } from '../market/currencies.ts';
import { PRICE_SCALE } from '../market/instruments.ts';
import { USER_WALLETS } from './ledger.schema.ts';
import { lockedDepositUnits, withdrawableUnits } from './locked-deposits.ts';
import type { WalletDeps } from './wallet-deps.ts';

const usdtScale = () => currencyOf(QUOTE)!.scale;

/**
 * The assets screen: per wallet (spot, futures, earn) and currency the available, frozen and USDT
 * equivalent (valued at the index price, rounded down), and the totals. A currency whose price is
 * unavailable shows `usdtValue: null` and is named in `unpriced` (its value is not in the total).
 * realizedPnl is 0 until trading exists (spot/futures modules will fill it).
 */
export async function assetsOf(deps: WalletDeps, userId: number) {
  const balances = await deps.ledger.balancesOf(userId);
  const unpriced = new Set<string>();
  const priceOf = new Map<string, bigint | null>();
  const price = (code: string) => {
    if (!priceOf.has(code)) {
      try {
        priceOf.set(code, deps.prices.usdtPriceUnits(code));
      } catch {
        priceOf.set(code, null);
      }
    }
    return priceOf.get(code)!;
  };
  let grand = 0n;
  const wallets = [];
  for (const wallet of USER_WALLETS) {
    let total = 0n;
    const currencies = [];
    for (const c of CURRENCIES) {
      const b = balances.find((x) => x.wallet === wallet && x.currency === c.code);
      const available = b?.available ?? 0n;
      const frozen = b?.frozen ?? 0n;
      const p = price(c.code);
      let usdtValue: bigint | null = null;
      if (p !== null) {
        usdtValue = multiplyPrice(available + frozen, c.scale, p, PRICE_SCALE, usdtScale(), 'floor');
        total += usdtValue;
      } else if (available + frozen > 0n) {
        unpriced.add(c.code);
      }
      const row: Record<string, unknown> = {
        currency: c.code,
        coinType: c.coinType,
        available: formatUnits(available, c.scale),
        frozen: formatUnits(frozen, c.scale),
        usdtValue: usdtValue === null ? null : formatUnits(usdtValue, usdtScale()),
      };
      if (wallet === 'spot') {
        const locked = available > 0n ? await lockedDepositUnits(deps.ctx.db, userId, c.code) : 0n;
        row.withdrawable = formatUnits(withdrawableUnits(available, locked), c.scale);
        row.lockedDeposits = formatUnits(locked, c.scale);
      }
      currencies.push(row);
    }
    grand += total;
    wallets.push({ wallet, usdtTotal: formatUnits(total, usdtScale()), realizedPnl: '0', currencies });
  }
  return { demo: deps.prices.demo, usdtTotal: formatUnits(grand, usdtScale()), unpriced: [...unpriced], wallets };
}
