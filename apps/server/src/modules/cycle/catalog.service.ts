import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatUnits, parseUnits } from '@tidemark/contract/money';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, AppError } from '../../platform/http/app-error.ts';
import { INSTRUMENTS, instrumentOf } from '../market/instruments.ts';
import type { CycleConfig } from './cycle.config.ts';
import { cycleProducts, cycleSwitches, type SwitchScope } from './cycle.schema.ts';
import { breakEvenPercent, houseEdgePercent } from './economics.ts';
import { CYCLE_RULE_VERSION } from './settle.ts';
import type { AppContext } from '../../platform/context.ts';

/** Stakes are USDT from the spot wallet. */
export const STAKE_CURRENCY = 'USDT';
export const STAKE_SCALE = 6;

export type Product = typeof cycleProducts.$inferSelect;

/**
 * A fingerprint of everything a buyer agrees to — payout, fee, stake limits, exposure limit, whether the product is
 * offered, and the settlement rule. A quote carries it and a purchase must send it back: any change in between is
 * refused ("terms changed, review the new quote") instead of selling on terms the buyer never saw.
 */
export function termsIdOf(p: Product): string {
  const terms = [
    p.instrument,
    p.periodSeconds,
    formatUnits(parseUnits(p.payoutRate, 4), 4),
    formatUnits(parseUnits(p.feeRate, 6), 6),
    String(p.minStake),
    String(p.maxStake),
    String(p.userExposureLimit),
    p.enabled,
    CYCLE_RULE_VERSION,
  ];
  return crypto.createHash('sha256').update(JSON.stringify(terms)).digest('hex').slice(0, 32);
}

/** A product as the app and the back office show it: amounts as decimal strings, economics published. */
export function productView(p: Product) {
  return {
    terms: termsIdOf(p),
    period: p.periodSeconds,
    payoutRate: formatUnits(parseUnits(p.payoutRate, 4), 4),
    breakEvenPercent: breakEvenPercent(p.payoutRate),
    houseEdgePercent: houseEdgePercent(p.payoutRate),
    feeRate: formatUnits(parseUnits(p.feeRate, 6), 6),
    minStake: formatUnits(p.minStake, STAKE_SCALE),
    maxStake: formatUnits(p.maxStake, STAKE_SCALE),
    exposureLimit: formatUnits(p.userExposureLimit, STAKE_SCALE),
  };
}

/**
 * What is offered, and where: the product table (instrument × period, with its rates and limits)
 * and the operator's switches (a whole instrument, a period everywhere, a country).
 */
export class CycleCatalog {
  private readonly deps: Pick<AppContext, 'db' | 'clock'>;
  constructor(deps: Pick<AppContext, 'db' | 'clock'>) {
    this.deps = deps;
  }

  /** First start: the configured periods for every instrument and the blocked countries (never overwrites). */
  async seedFromConfig(config: CycleConfig): Promise<void> {
    const now = new Date(this.deps.clock.now());
    const rows = INSTRUMENTS.flatMap((i) =>
      config.periods.map((p) => ({
        instrument: i.symbol,
        periodSeconds: p.seconds,
        payoutRate: p.payoutRate,
        feeRate: config.feeRate,
        minStake: parseUnits(config.minStake, STAKE_SCALE),
        maxStake: parseUnits(config.maxStake, STAKE_SCALE),
        userExposureLimit: parseUnits(config.userExposure, STAKE_SCALE),
        updatedAt: now,
      })),
    );
    await this.deps.db.insert(cycleProducts).values(rows).onConflictDoNothing();
    if (config.blockedCountries.length) {
      await this.deps.db
        .insert(cycleSwitches)
        .values(
          config.blockedCountries.map((key) => ({ scope: 'country' as const, key, enabled: false, updatedAt: now })),
        )
        .onConflictDoNothing();
    }
  }

  async products(db: Db = this.deps.db): Promise<Product[]> {
    return db.select().from(cycleProducts).orderBy(cycleProducts.instrument, cycleProducts.periodSeconds);
  }

  async product(instrument: string, period: number, db: Db = this.deps.db): Promise<Product | undefined> {
    const [row] = await db
      .select()
      .from(cycleProducts)
      .where(and(eq(cycleProducts.instrument, instrument), eq(cycleProducts.periodSeconds, period)));
    return row;
  }

  /** The switches that are off, by scope. */
  async switchedOff(db: Db = this.deps.db): Promise<Record<SwitchScope, Set<string>>> {
    const rows = await db.select().from(cycleSwitches).where(eq(cycleSwitches.enabled, false));
    const off: Record<SwitchScope, Set<string>> = { instrument: new Set(), period: new Set(), country: new Set() };
    for (const r of rows) off[r.scope].add(r.key);
    return off;
  }

  async switches(db: Db = this.deps.db) {
    return db.select().from(cycleSwitches).orderBy(cycleSwitches.scope, cycleSwitches.key);
  }

  async setSwitch(tx: Db, scope: SwitchScope, key: string, enabled: boolean): Promise<void> {
    await tx
      .insert(cycleSwitches)
      .values({ scope, key, enabled, updatedAt: new Date(this.deps.clock.now()) })
      .onConflictDoUpdate({
        target: [cycleSwitches.scope, cycleSwitches.key],
        set: { enabled, updatedAt: new Date(this.deps.clock.now()) },
      });
  }

  /**
   * The product a purchase may use, or the reason it may not: unknown, switched off (product,
   * instrument or period), or the caller's countries (verified and from the request) switched off.
   */
  async purchasable(instrument: string, period: number, countries: string[], db: Db = this.deps.db): Promise<Product> {
    if (!instrumentOf(instrument))
      throw badRequest('UNKNOWN_INSTRUMENT', 'market.unknownInstrument', undefined, 'instrument');
    const product = await this.product(instrument, period, db);
    if (!product) throw badRequest('CYCLE_PRODUCT_UNAVAILABLE', 'cycle.productUnavailable', undefined, 'period');
    const off = await this.switchedOff(db);
    if (countries.some((c) => off.country.has(c)))
      throw new AppError(403, 'CYCLE_COUNTRY_BLOCKED', 'cycle.countryBlocked');
    if (!product.enabled || off.instrument.has(instrument) || off.period.has(String(period))) {
      throw badRequest('CYCLE_PRODUCT_UNAVAILABLE', 'cycle.productUnavailable', undefined, 'period');
    }
    return product;
  }
}
