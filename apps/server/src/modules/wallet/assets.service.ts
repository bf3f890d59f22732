import { formatUnits, multiplyPrice } from '@tidemark/contract/money';
import { CURRENCIES, QUOTE, currencyOf } from '../market/currencies.ts';
import { PRICE_SCALE } from '../market/instruments.ts';
import { USER_WALLETS } from './ledger.schema.ts';
import { lockedDepositUnits, withdrawableUnits } from './locked-deposits.ts';
import { realizedPnlOf } from './realized-pnl.ts';
import type { WalletDeps } from './wallet-deps.ts';

const usdtScale = () => currencyOf(QUOTE)!.scale;

/**
 * The assets screen: per wallet (spot, futures, earn) and currency the available, frozen and USDT
 * equivalent (valued at the index price, rounded down), and the totals. A currency whose price is
 * unavailable shows `usdtValue: null` and is named in `unpriced` (its value is not in the total).
 * Realized P&L (realized-pnl.ts) per wallet and currency: `realizedPnl` all time and
 * `realizedPnlToday` since the start of the UTC day — per currency in that currency, per wallet in
 * USDT at the index (rounded down); null where a wallet has none (earn).
 */
export async function assetsOf(deps: WalletDeps, userId: number) {
  const balances = await deps.ledger.balancesOf(userId);
  const realized = await realizedPnlOf(deps.ctx, userId, deps.ctx.clock.now());
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
    const pnl = realized[wallet];
    let pnlTotal: bigint | null = pnl ? 0n : null;
    let pnlToday: bigint | null = pnl ? 0n : null;
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
      if (pnl) {
        const r = pnl.find((x) => x.currency === c.code);
        row.realizedPnl = formatUnits(r?.total ?? 0n, c.scale);
        row.realizedPnlToday = formatUnits(r?.today ?? 0n, c.scale);
        if (r && p !== null) {
          pnlTotal! += multiplyPrice(r.total, c.scale, p, PRICE_SCALE, usdtScale(), 'floor');
          pnlToday! += multiplyPrice(r.today, c.scale, p, PRICE_SCALE, usdtScale(), 'floor');
        }
      }
      if (wallet === 'spot') {
        const locked = available > 0n ? await lockedDepositUnits(deps.ctx.db, userId, c.code) : 0n;
        row.withdrawable = formatUnits(withdrawableUnits(available, locked), c.scale);
        row.lockedDeposits = formatUnits(locked, c.scale);
      }
      currencies.push(row);
    }
    grand += total;
    wallets.push({
      wallet,
      usdtTotal: formatUnits(total, usdtScale()),
      realizedPnl: pnlTotal === null ? null : formatUnits(pnlTotal, usdtScale()),
      realizedPnlToday: pnlToday === null ? null : formatUnits(pnlToday, usdtScale()),
      currencies,
    });
  }
  return { demo: deps.prices.demo, usdtTotal: formatUnits(grand, usdtScale()), unpriced: [...unpriced], wallets };
}
