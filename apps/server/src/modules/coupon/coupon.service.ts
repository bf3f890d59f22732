import { gt } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/http/app-error.ts';
import type { AuditService } from '../operator/audit.service.ts';
import type { AccountPort } from '../kyc/account-port.ts';
import { CouponBook } from './coupon-book.ts';
import { couponPercents, formatCouponValue, parseCouponValue } from './coupon-rule.ts';
import { coupons, type CouponProduct, type CouponRow } from './coupon.schema.ts';
import { newestRowsOf } from '../../platform/db/row-reads.ts';

/** Longest a coupon may run: a year keeps the in-memory book small and a forgotten grant finite. */
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

export interface CouponView {
  id: number;
  /** spec §9's value ("9", "9.5") */
  value: string;
  /** percent of the fee paid; percent taken off */
  payPercent: number;
  offPercent: number;
  products: CouponProduct[];
  /** empty: every market of those products */
  symbols: string[];
  expiresAt: number;
  status: 'active' | 'expired';
  source: 'operator' | 'invite';
  reason: string;
  createdAt: number;
}

export interface GrantInput {
  userId: number;
  value: string;
  products: CouponProduct[];
  symbols: string[];
  expiresAt: number;
  reason: string;
}

export interface CouponDeps {
  db: Db;
  clock: Clock;
  accounts: () => AccountPort;
  audit: AuditService;
  knownSymbol: (product: CouponProduct, symbol: string) => boolean;
}

/**
 * Fee-discount coupons: granted by finance (audited) or by invite rewards, listed to their owner and to
 * operators, and held in memory (CouponBook) for the fee hook of the trading paths.
 */
export class CouponService {
  private readonly deps: CouponDeps;
  readonly book = new CouponBook();

  constructor(deps: CouponDeps) {
    this.deps = deps;
  }

  /** Loads every coupon that has not expired (start-up, then periodically: grants made by another node). */
  async reload(): Promise<void> {
    this.book.beginLoad();
    const rows = await this.deps.db
      .select()
      .from(coupons)
      .where(gt(coupons.expiresAt, new Date(this.deps.clock.now())));
    this.book.load(rows);
  }

  async grantByOperator(operatorId: number, input: GrantInput, ip: string): Promise<CouponView> {
    const tenths = this.check(input);
    const user = await this.deps.accounts().getUser(input.userId);
    if (!user) throw notFound('coupon.userNotFound');
    const row = await this.deps.db.transaction(async (tx) => {
      const [r] = await tx
        .insert(coupons)
        .values({
          userId: input.userId,
          valueTenths: tenths,
          products: [...new Set(input.products)],
          symbols: [...new Set(input.symbols)],
          expiresAt: new Date(input.expiresAt),
          source: 'operator',
          operatorId,
          reason: input.reason,
          createdAt: new Date(this.deps.clock.now()),
        })
        .returning();
      await this.deps.audit.record(
        {
          operatorId,
          action: 'coupon.grant',
          targetType: 'user',
          targetId: input.userId,
          detail: {
            couponId: r!.id,
            value: input.value,
            products: r!.products,
            symbols: r!.symbols,
            expiresAt: input.expiresAt,
            reason: input.reason,
          },
          ip,
        },
        tx,
      );
      return r!;
    });
    this.book.add(row);
    return this.view(row);
  }

  /**
   * An invite reward: granted once per reward key (the key's unique index makes a repeat a no-op), inside
   * the caller's transaction so the reward and the event that earned it commit together. The book learns
   * of it after that commit (`afterCommit`) or at the next reload.
   */
  async grantReward(
    tx: Db,
    input: { userId: number; tenths: number; days: number; products: CouponProduct[]; key: string; reason: string },
  ): Promise<CouponRow | null> {
    couponPercents(input.tenths);
    const now = this.deps.clock.now();
    const [row] = await tx
      .insert(coupons)
      .values({
        userId: input.userId,
        valueTenths: input.tenths,
        products: input.products,
        symbols: [],
        expiresAt: new Date(now + input.days * DAY_MS),
        source: 'invite',
        operatorId: null,
        reason: input.reason,
        rewardKey: input.key,
        createdAt: new Date(now),
      })
      .onConflictDoNothing({ target: coupons.rewardKey })
      .returning();
    return row ?? null;
  }

  async listOf(userId: number, status?: 'active' | 'expired'): Promise<CouponView[]> {
    const rows = await newestRowsOf(this.deps.db, coupons, userId, 500);
    const views = rows.map((r) => this.view(r));
    return status ? views.filter((v) => v.status === status) : views;
  }

  private check(input: GrantInput): number {
    const tenths = parseCouponValue(input.value);
    if (tenths === null) throw badRequest('COUPON_VALUE_INVALID', 'coupon.valueInvalid', undefined, 'value');
    const now = this.deps.clock.now();
    if (input.expiresAt <= now) throw badRequest('COUPON_EXPIRY_INVALID', 'coupon.expiryPast', undefined, 'expiresAt');
    if (input.expiresAt > now + MAX_DAYS * DAY_MS) {
      throw badRequest('COUPON_EXPIRY_INVALID', 'coupon.expiryTooFar', { days: MAX_DAYS }, 'expiresAt');
    }
    for (const s of input.symbols) {
      if (!input.products.some((p) => this.deps.knownSymbol(p, s))) {
        throw badRequest('COUPON_SYMBOL_UNKNOWN', 'coupon.symbolUnknown', { symbol: s }, 'symbols');
      }
    }
    return tenths;
  }

  view(r: CouponRow): CouponView {
    const { pay, off } = couponPercents(r.valueTenths);
    return {
      id: r.id,
      value: formatCouponValue(r.valueTenths),
      payPercent: pay,
      offPercent: off,
      products: r.products,
      symbols: r.symbols,
      expiresAt: r.expiresAt.getTime(),
      status: r.expiresAt.getTime() > this.deps.clock.now() ? 'active' : 'expired',
      source: r.source,
      reason: r.reason,
      createdAt: r.createdAt.getTime(),
    };
  }
}
