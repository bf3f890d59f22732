import { and, eq, inArray } from 'drizzle-orm';
import type { Page } from '@tidemark/contract/spot';
import type { PlaceStopRequest, StopOrder } from '@tidemark/contract/spot-stops';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/http/app-error.ts';
import type { MarketGate } from '../market/market-status.service.ts';
import { marketOf } from './markets.ts';
import { spotOrders } from './spot.schema.ts';
import type { SpotService } from './spot.service.ts';
import { spotStopOrders, type StopOrderRow } from './stop-orders.schema.ts';
import { toNewStop } from './stop-rules.ts';
import { toStopOrder } from './stop-view.ts';
import { newestFirstPage } from '../common/newest-first-page.ts';

type StopInput = Parameters<typeof toNewStop>[2];

/**
 * Stop-limit, stop-market and OCO orders of the spot markets (docs/decisions/0024-spot-stop-orders.md).
 * Placement and cancellation run through the market's sequencer like any order; this service checks the
 * rules, finds the market and shapes the answers. Published as `ctx.services.spotStops`.
 */
export class SpotStopService {
  private readonly db: Db;
  private readonly spot: SpotService;
  private readonly gate: MarketGate | undefined;

  /** Told of every stop its owner placed or cancelled here (the `/ws` stops channel, stop-feed.ts). */
  onChanged: ((userId: number, stop: StopOrder) => void) | null = null;

  constructor(deps: { db: Db; spot: SpotService; gate?: MarketGate }) {
    this.db = deps.db;
    this.spot = deps.spot;
    this.gate = deps.gate;
  }

  async place(userId: number, input: PlaceStopRequest & StopInput): Promise<StopOrder> {
    const m = marketOf(input.symbol);
    if (!m) throw badRequest('UNKNOWN_SYMBOL', 'spot.unknownSymbol', undefined, 'symbol');
    this.gate?.assertOpen('spot', m.symbol, 'order');
    const stop = toNewStop(m, userId, input);
    const placed = await this.view(await this.spot.sequencer(m.symbol).placeStop(stop));
    this.onChanged?.(userId, placed);
    return placed;
  }

  /** The ids of the user's waiting stops in every market (in memory: no database read). */
  waitingIds(userId: number): Set<number> {
    return new Set(this.spot.allSequencers().flatMap((s) => s.waitingStopsOf(userId).map((r) => r.id)));
  }

  /** Some of the user's stops by id (someone else's are not found). */
  async byIds(userId: number, ids: number[]): Promise<StopOrder[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select()
      .from(spotStopOrders)
      .where(and(eq(spotStopOrders.userId, userId), inArray(spotStopOrders.id, ids)));
    return this.views(rows.sort((a, b) => a.id - b.id));
  }

  /** One of the user's stops by id or client id. */
  async find(userId: number, by: { id: number } | { clientOrderId: string }): Promise<StopOrder> {
    const [row] = await this.db
      .select()
      .from(spotStopOrders)
      .where(
        and(
          eq(spotStopOrders.userId, userId),
          'id' in by ? eq(spotStopOrders.id, by.id) : eq(spotStopOrders.clientOrderId, by.clientOrderId),
        ),
      );
    if (!row) throw notFound('spot.stopNotFound');
    return this.view(row);
  }

  async cancel(userId: number, stopId: number): Promise<StopOrder> {
    let seq = this.spot.allSequencers().find((s) => s.holdsStop(stopId));
    if (!seq) {
      const [row] = await this.db
        .select({ symbol: spotStopOrders.symbol })
        .from(spotStopOrders)
        .where(and(eq(spotStopOrders.id, stopId), eq(spotStopOrders.userId, userId)));
      if (!row) throw notFound('spot.stopNotFound');
      seq = this.spot.sequencer(row.symbol);
    }
    this.gate?.assertOpen('spot', seq.market.symbol, 'cancel');
    const cancelled = await this.view(await seq.cancelStop(userId, stopId));
    this.onChanged?.(userId, cancelled);
    return cancelled;
  }

  /** The caller's waiting stops (an OCO pair is one item: its stop, with the limit leg inside). */
  async open(userId: number, symbol?: string): Promise<StopOrder[]> {
    const seqs = symbol ? [this.spot.sequencer(symbol)] : this.spot.allSequencers();
    const rows = seqs.flatMap((s) => s.waitingStopsOf(userId)).sort((a, b) => b.id - a.id);
    return this.views(rows);
  }

  async history(
    userId: number,
    q: { symbol?: string | undefined; page: number; size: number },
  ): Promise<Page<StopOrder>> {
    if (q.symbol && !marketOf(q.symbol)) throw badRequest('UNKNOWN_SYMBOL', 'spot.unknownSymbol', undefined, 'symbol');
    const where = and(eq(spotStopOrders.userId, userId), q.symbol ? eq(spotStopOrders.symbol, q.symbol) : undefined);
    const { rows, total } = await newestFirstPage(this.db, spotStopOrders, where, q);
    return { items: await this.views(rows), total, page: q.page, size: q.size };
  }

  private async view(row: StopOrderRow): Promise<StopOrder> {
    return (await this.views([row]))[0]!;
  }

  /** The stops with their OCO legs as stored (one query for all legs). */
  private async views(rows: StopOrderRow[]): Promise<StopOrder[]> {
    const legIds = rows.flatMap((r) => (r.ocoOrderId === null ? [] : [r.ocoOrderId]));
    const legs = legIds.length ? await this.db.select().from(spotOrders).where(inArray(spotOrders.id, legIds)) : [];
    const byId = new Map(legs.map((l) => [l.id, l]));
    return rows.map((r) => toStopOrder({ ...r }, r.ocoOrderId === null ? undefined : byId.get(r.ocoOrderId)));
  }
}
