import { asc } from 'drizzle-orm';
import type { AuditService } from '../operator/audit.service.ts';
import { marketParameterOverrides } from './market-parameters.schema.ts';
import type { MarketProduct } from './market-status.service.ts';
import type { AppContext } from '../../platform/context.ts';

export const PARAMETER_FIELDS = ['makerFee', 'takerFee', 'minNotional'] as const;
export type ParameterField = (typeof PARAMETER_FIELDS)[number];
/** Decimal strings: rates as fractions ("0.001" = 0.1 %), minNotional in the quote currency. */
export type MarketParameters = Record<ParameterField, string>;

/** One value of a field and the moment it took effect (epoch ms); the configured value has none. */
export interface ParameterChange {
  field: ParameterField;
  value: string;
  at: number;
}

/**
 * How a product's module exposes its markets to overrides: their configured parameters, and where the
 * values in force go (the module's own market objects, read by its order path and its public views).
 */
export interface ParameterTarget {
  symbols(): readonly string[];
  configured(symbol: string): MarketParameters;
  /** `history` lists every override of the market, oldest first, so a module can tell what was in force when. */
  apply(symbol: string, current: MarketParameters, history: readonly ParameterChange[]): void;
}

/**
 * Fees and minimums set by finance over the configuration. Every change is a new row (the history of a
 * market's published terms) written with its audit entry in one transaction; the rows are replayed at
 * start, so an override holds after a restart. Published as `ctx.services.marketParameters`; the spot
 * and futures modules attach their markets as targets.
 */
export class MarketParameterService {
  private readonly deps: Pick<AppContext, 'db' | 'clock'>;
  private readonly history = new Map<string, ParameterChange[]>();
  private readonly targets = new Map<MarketProduct, ParameterTarget>();
  constructor(deps: Pick<AppContext, 'db' | 'clock'>) {
    this.deps = deps;
  }

  async load(): Promise<void> {
    const rows = await this.deps.db.select().from(marketParameterOverrides).orderBy(asc(marketParameterOverrides.id));
    this.history.clear();
    for (const r of rows) {
      this.changesOf(r.product as MarketProduct, r.symbol).push({
        field: r.field as ParameterField,
        value: r.value,
        at: r.createdAt.getTime(),
      });
    }
    for (const product of this.targets.keys()) this.applyAll(product);
  }

  /** Called by a product module at registration; every market is set to its configuration plus overrides. */
  attach(product: MarketProduct, target: ParameterTarget): void {
    this.targets.set(product, target);
    this.applyAll(product);
  }

  current(product: MarketProduct, symbol: string): MarketParameters {
    const target = this.targets.get(product);
    if (!target) throw new Error(`no ${product} markets attached`);
    const values = { ...target.configured(symbol) };
    for (const c of this.history.get(`${product}:${symbol}`) ?? []) values[c.field] = c.value;
    return values;
  }

  /** Stores and audits the fields that differ from the values in force; returns the values now in force. */
  async set(
    audit: AuditService,
    change: { product: MarketProduct; symbol: string; values: Partial<MarketParameters>; reason: string },
    by: { operatorId: number; ip: string },
  ): Promise<MarketParameters> {
    const before = this.current(change.product, change.symbol);
    const fields = PARAMETER_FIELDS.filter((f) => change.values[f] !== undefined && change.values[f] !== before[f]);
    if (fields.length === 0) return before;
    const at = new Date(this.deps.clock.now());
    const after = { ...before };
    for (const f of fields) after[f] = change.values[f]!;
    await this.deps.db.transaction(async (tx) => {
      await tx.insert(marketParameterOverrides).values(
        fields.map((f) => ({
          product: change.product,
          symbol: change.symbol,
          field: f,
          value: after[f],
          reason: change.reason,
          operatorId: by.operatorId,
          createdAt: at,
        })),
      );
      await audit.record(
        {
          operatorId: by.operatorId,
          action: 'market.parameters',
          targetType: `${change.product}_market`,
          targetId: change.symbol,
          detail: {
            before: Object.fromEntries(fields.map((f) => [f, before[f]])),
            after: Object.fromEntries(fields.map((f) => [f, after[f]])),
            reason: change.reason,
          },
          ip: by.ip,
        },
        tx,
      );
    });
    // in memory only after the commit, so an order never runs under terms that were not stored
    const changes = this.changesOf(change.product, change.symbol);
    for (const f of fields) changes.push({ field: f, value: after[f], at: at.getTime() });
    this.applyOne(change.product, change.symbol);
    return after;
  }

  private changesOf(product: MarketProduct, symbol: string): ParameterChange[] {
    const key = `${product}:${symbol}`;
    let list = this.history.get(key);
    if (!list) this.history.set(key, (list = []));
    return list;
  }

  private applyAll(product: MarketProduct): void {
    for (const symbol of this.targets.get(product)!.symbols()) this.applyOne(product, symbol);
  }

  private applyOne(product: MarketProduct, symbol: string): void {
    const target = this.targets.get(product);
    if (!target) return;
    target.apply(symbol, this.current(product, symbol), this.history.get(`${product}:${symbol}`) ?? []);
  }
}
