import { badRequest } from '../../platform/http/app-error.ts';
import type { AuditService } from '../operator/audit.service.ts';
import { marketStatus } from './market-status.schema.ts';
import type { AppContext } from '../../platform/context.ts';

export const MARKET_PRODUCTS = ['spot', 'futures'] as const;
export type MarketProduct = (typeof MARKET_PRODUCTS)[number];
export const MARKET_STATUSES = ['trading', 'halted', 'cancel_only'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

export interface MarketStatusView {
  status: MarketStatus;
  reason: string | null;
  updatedBy: number | null;
  updatedAt: number | null;
}

/** What the spot and futures services ask before an order or a cancel reaches a book. */
export interface MarketGate {
  allows(product: MarketProduct, symbol: string, action: 'order' | 'cancel'): boolean;
  assertOpen(product: MarketProduct, symbol: string, action: 'order' | 'cancel'): void;
}

const TRADING: MarketStatusView = { status: 'trading', reason: null, updatedBy: null, updatedAt: null };

/**
 * Which markets take orders. Read on every order and cancel, so it is held in memory (loaded at
 * start, written through on change); the row is the truth after a restart. A change and its audit
 * entry commit together. Published as `ctx.services.marketStatus`; spot and futures ask it through
 * `assertOpen` before an order or a cancel reaches their books.
 */
export class MarketStatusService implements MarketGate {
  private readonly deps: Pick<AppContext, 'db' | 'clock'>;
  private readonly current = new Map<string, MarketStatusView>();
  constructor(deps: Pick<AppContext, 'db' | 'clock'>) {
    this.deps = deps;
  }

  async load(): Promise<void> {
    const rows = await this.deps.db.select().from(marketStatus);
    this.current.clear();
    for (const r of rows) this.current.set(`${r.product}:${r.symbol}`, view(r));
  }

  of(product: MarketProduct, symbol: string): MarketStatusView {
    return this.current.get(`${product}:${symbol}`) ?? TRADING;
  }

  /** A new order needs a trading market; a cancel, one that is not halted. */
  allows(product: MarketProduct, symbol: string, action: 'order' | 'cancel'): boolean {
    const { status } = this.of(product, symbol);
    return status === 'trading' || (status === 'cancel_only' && action === 'cancel');
  }

  /** Refuses a new order unless the market trades, and a cancel while it is halted. */
  assertOpen(product: MarketProduct, symbol: string, action: 'order' | 'cancel'): void {
    const { status } = this.of(product, symbol);
    if (status === 'halted') throw badRequest('MARKET_HALTED', 'market.halted', { symbol }, 'symbol');
    if (status === 'cancel_only' && action === 'order') {
      throw badRequest('MARKET_CANCEL_ONLY', 'market.cancelOnly', { symbol }, 'symbol');
    }
  }

  async set(
    audit: AuditService,
    change: { product: MarketProduct; symbol: string; status: MarketStatus; reason: string },
    by: { operatorId: number; ip: string },
  ): Promise<MarketStatusView> {
    const before = this.of(change.product, change.symbol);
    const row = {
      product: change.product,
      symbol: change.symbol,
      status: change.status,
      reason: change.reason,
      updatedBy: by.operatorId,
      updatedAt: new Date(this.deps.clock.now()),
    };
    await this.deps.db.transaction(async (tx) => {
      await tx
        .insert(marketStatus)
        .values(row)
        .onConflictDoUpdate({
          target: [marketStatus.product, marketStatus.symbol],
          set: { status: row.status, reason: row.reason, updatedBy: row.updatedBy, updatedAt: row.updatedAt },
        });
      await audit.record(
        {
          operatorId: by.operatorId,
          action: 'market.status',
          targetType: `${change.product}_market`,
          targetId: change.symbol,
          detail: { before: before.status, after: change.status, reason: change.reason },
          ip: by.ip,
        },
        tx,
      );
    });
    const after = view(row);
    this.current.set(`${change.product}:${change.symbol}`, after);
    return after;
  }
}

function view(r: typeof marketStatus.$inferSelect): MarketStatusView {
  return {
    status: r.status as MarketStatus,
    reason: r.reason,
    updatedBy: r.updatedBy,
    updatedAt: r.updatedAt.getTime(),
  };
}
