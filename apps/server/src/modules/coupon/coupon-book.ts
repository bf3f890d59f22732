import { discountedFee, formatCouponValue } from './coupon-rule.ts';
import type { CouponProduct, CouponRow } from './coupon.schema.ts';
import type { DiscountedFee, FeeDiscount } from './fee-discount.ts';

type Live = Pick<CouponRow, 'id' | 'userId' | 'valueTenths' | 'products' | 'symbols'> & { expiresMs: number };

/**
 * The coupons that have not expired, by user, in memory: the fee hook of the spot and futures paths reads
 * only this. The best coupon is the one that takes the most off (lowest value); between equals, the one
 * that expires first (so the longer one is kept for later), then the oldest.
 */
export class CouponBook implements FeeDiscount {
  private byUser = new Map<number, Live[]>();
  /** Added while a reload's query ran: that query may not have seen them, the new book keeps them. */
  private addedDuringLoad: CouponRow[] | null = null;

  /** Call before the reload's query; then `load` with its rows. */
  beginLoad(): void {
    this.addedDuringLoad = [];
  }

  /** Replaces the whole book (start-up and the periodic reload). */
  load(rows: CouponRow[]): void {
    const next = new Map<number, Live[]>();
    for (const r of [...rows, ...(this.addedDuringLoad ?? [])]) addTo(next, r);
    this.addedDuringLoad = null;
    this.byUser = next;
  }

  add(row: CouponRow): void {
    this.addedDuringLoad?.push(row);
    addTo(this.byUser, row);
  }

  best(userId: number, product: CouponProduct, symbol: string, atMs: number): Live | null {
    const list = this.byUser.get(userId);
    if (!list) return null;
    let best: Live | null = null;
    for (const c of list) {
      // expired coupons never apply, even before the next reload drops them
      if (c.expiresMs <= atMs) continue;
      if (!c.products.includes(product)) continue;
      if (c.symbols.length && !c.symbols.includes(symbol)) continue;
      if (
        !best ||
        c.valueTenths < best.valueTenths ||
        (c.valueTenths === best.valueTenths &&
          (c.expiresMs < best.expiresMs || (c.expiresMs === best.expiresMs && c.id < best.id)))
      ) {
        best = c;
      }
    }
    return best;
  }

  apply(userId: number, product: CouponProduct, symbol: string, atMs: number, fee: bigint): DiscountedFee | null {
    if (fee <= 0n) return null;
    const c = this.best(userId, product, symbol, atMs);
    if (!c) return null;
    const after = discountedFee(fee, c.valueTenths);
    return {
      fee: after,
      couponId: c.id,
      memo: `coupon ${c.id} (value ${formatCouponValue(c.valueTenths)}): pays ${c.valueTenths}% of fee ${fee}`,
    };
  }
}

function live(r: CouponRow): Live {
  return {
    id: r.id,
    userId: r.userId,
    valueTenths: r.valueTenths,
    products: r.products,
    symbols: r.symbols,
    expiresMs: r.expiresAt.getTime(),
  };
}

function addTo(map: Map<number, Live[]>, r: CouponRow): void {
  const list = map.get(r.userId);
  if (!list) map.set(r.userId, [live(r)]);
  else if (!list.some((c) => c.id === r.id)) list.push(live(r));
}
