import { and, desc, eq } from 'drizzle-orm';
import type { PublicTrade } from '@tidemark/contract/spot';
import type { FuturesAlert, FuturesMarkInfo } from '@tidemark/contract/futures';
import { formatFixed, RATE_DECIMALS, type Rate } from '@tidemark/futures-math';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { FeedHub, RoutedChannel } from '../spot/feed-hub.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { contractOf, lotsToQty, ticksToPrice } from './domain/contracts.ts';
import { marginRatios, overThreshold } from './domain/margin-warning.ts';
import type { FuturesEffects } from './futures-effects.ts';
import { futuresPositions, futuresTrades } from './futures.schema.ts';
import type { FuturesService } from './futures.service.ts';
import { contractDepth } from './market-data.ts';
import { toPosition } from './risk.ts';
import { walletOf } from './settle-fill.ts';

/**
 * The futures channels on the spot module's `/ws` hub (same frames, sequence numbers, send budgets and
 * resyncs: decision 0017; why this shape: decision 0022). Everything is published from the effects of a
 * COMMITTED group (futures-committer.ts → onCommitted), never from inside a transaction:
 *
 * - public: `futures.mark:<s>` / `futures.marks` after each mark tick, `futures.depth:<s>` as deltas of the
 *   published top levels (kept here, changed only after a commit), `futures.trades:<s>` the new matches;
 * - the user's own (keyed `<name>#<userId>`): `futures.orders` (the whole open list, from the book's memory
 *   right after the commit), `futures.positions` and `futures.account` (read after the commit), and
 *   `futures.alerts` (margin-ratio warnings and liquidations).
 *
 * A mark tick moves every position's uPnL and margin ratio: each tick republishes the positions and account
 * of the users subscribed to them, at most once per `priceMs` per user (a price-driven snapshot, throttled).
 * The reads after a commit run one after another on one chain, so a user never receives an older state after
 * a newer one.
 */

export const FUTURES_TRADES_KEPT = 50;

interface Published {
  bids: Map<string, string>;
  asks: Map<string, string>;
}

export interface FuturesFeedDeps {
  db: Db;
  hub: FeedHub;
  futures: FuturesService;
  ledger: LedgerService;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
  /** Whether prices come from the simulated feed (trades are flagged `demo` then). */
  demo: () => boolean;
  /** Least time between two price-driven snapshots of one user's positions and account. */
  priceMs: number;
  /** The margin ratio (RATE_ONE = 1) at which a position is warned about. */
  warningRatio: Rate;
  depthLevels: number;
}

export class FuturesFeed {
  private readonly d: FuturesFeedDeps;
  private readonly published = new Map<string, Published>();
  /** Users who subscribed to one of their futures channels (dropped once none is subscribed). */
  private readonly users = new Set<number>();
  private readonly lastPriceDriven = new Map<number, number>();
  /** Users whose last refresh found no open position: a mark tick changes nothing of theirs. */
  private readonly flat = new Set<number>();
  /** userId → positions currently over the warning threshold (a warning is sent when one crosses it). */
  private readonly warned = new Map<number, Set<number>>();
  private chain: Promise<void> = Promise.resolve();

  constructor(deps: FuturesFeedDeps) {
    this.d = deps;
  }

  /** Routes the futures channel names on the hub and listens to the committer. */
  register(): void {
    this.d.hub.route((name) => this.route(name));
    this.d.futures.onCommitted((effects) => this.committed(effects));
    // a transfer into or out of the futures wallet (and any other money command) changes the account
    this.d.ledger.onCommitted((users) => {
      for (const u of users) if (this.users.has(u)) this.later(() => this.refreshUser(u));
    });
  }

  /** After the books are rebuilt: the published depth starts from the committed book. */
  start(): void {
    for (const [symbol, book] of this.d.futures.books) {
      const view = contractDepth(book, this.d.depthLevels);
      this.published.set(symbol, { bids: new Map(view.bids), asks: new Map(view.asks) });
    }
  }

  /** Waits until every read queued after a commit has been published (tests). */
  idle(): Promise<void> {
    return this.chain;
  }

  private route(name: string): RoutedChannel | null {
    const [kind, symbol, extra] = name.split(':');
    if (extra !== undefined) return null;
    const f = this.d.futures;
    const user = (read: (userId: number) => unknown): RoutedChannel => ({
      user: true,
      snapshot: (userId) => () => {
        this.users.add(userId!);
        return read(userId!);
      },
    });
    if (symbol === undefined) {
      if (kind === 'futures.marks') return { user: false, snapshot: () => () => this.marks() };
      if (kind === 'futures.positions') return user((u) => f.positions(u));
      if (kind === 'futures.orders') return user((u) => f.openOrders(u));
      if (kind === 'futures.account') return user((u) => f.account(u));
      if (kind === 'futures.alerts') return user((u) => this.activeWarnings(u));
      return null;
    }
    if (!f.books.has(symbol)) return null;
    if (kind === 'futures.mark') return { user: false, snapshot: () => () => this.marks(symbol)[0] };
    if (kind === 'futures.depth')
      return {
        user: false,
        snapshot: () => (seq) => ({ symbol, ...this.depthView(symbol), seq, time: this.d.clock.now() }),
      };
    if (kind === 'futures.trades')
      return { user: false, snapshot: () => () => this.recentTrades(symbol, FUTURES_TRADES_KEPT) };
    return null;
  }

  /** Publishes what a committed group changed: the in-memory parts at once, the reads on the chain. */
  private committed(all: FuturesEffects[]): void {
    const hub = this.d.hub;
    const users = new Set<number>();
    const bookSymbols = new Set<string>();
    const ticked = new Set<string>();
    for (const e of all) {
      for (const u of e.users) users.add(u);
      if (e.bookChanged || e.trades.length) bookSymbols.add(e.symbol);
      if (e.ticked) ticked.add(e.symbol);
      if (e.trades.length)
        hub.publish(
          `futures.trades:${e.symbol}`,
          e.trades.map((t) => this.trade(e.symbol, t)),
        );
      for (const l of e.liquidations) {
        const c = contractOf(e.symbol)!;
        const alert: FuturesAlert = {
          kind: 'liquidated',
          symbol: e.symbol,
          positionId: l.positionId,
          direction: l.side,
          quantity: lotsToQty(c, l.qtyLots),
          markPrice: ticksToPrice(c, l.markTicks),
          time: l.at,
        };
        hub.publish(`futures.alerts#${l.userId}`, alert);
        this.warned.get(l.userId)?.delete(l.positionId);
      }
    }
    for (const symbol of bookSymbols) this.publishDepth(symbol);
    if (ticked.size) {
      const marks = this.marks().filter((m) => ticked.has(m.symbol));
      for (const m of marks) hub.publish(`futures.mark:${m.symbol}`, m);
      hub.publish('futures.marks', marks);
    }
    // open orders come from the book's memory, which is the committed state right now
    for (const u of users) {
      if (hub.hasSubscribers(`futures.orders#${u}`)) hub.publish(`futures.orders#${u}`, this.d.futures.openOrders(u));
    }
    const now = this.d.clock.now();
    const refresh = new Set(users);
    if (ticked.size) {
      for (const u of this.users) {
        if (this.flat.has(u) || now - (this.lastPriceDriven.get(u) ?? 0) < this.d.priceMs) continue;
        this.lastPriceDriven.set(u, now);
        refresh.add(u);
      }
    }
    for (const u of refresh) this.later(() => this.refreshUser(u));
  }

  private later(task: () => Promise<void>): void {
    this.chain = this.chain.then(task).catch((err) => this.d.log.warn({ err }, 'futures feed publish failed'));
  }

  /** The user's positions, account and warnings as committed now, to the channels they read. */
  private async refreshUser(userId: number): Promise<void> {
    const hub = this.d.hub;
    const has = (name: string) => hub.hasSubscribers(`${name}#${userId}`);
    const subscribed = ['futures.positions', 'futures.account', 'futures.alerts', 'futures.orders'].some(has);
    if (!subscribed) {
      this.users.delete(userId);
      this.lastPriceDriven.delete(userId);
      this.warned.delete(userId);
      this.flat.delete(userId);
      return;
    }
    let open: boolean | null = null;
    if (has('futures.positions')) {
      const positions = await this.d.futures.positions(userId);
      open = positions.length > 0;
      hub.publish(`futures.positions#${userId}`, positions);
    }
    if (has('futures.account')) {
      const account = await this.d.futures.account(userId);
      open ??= !/^0(\.0*)?$/.test(account.positionMargin); // every open position holds margin
      hub.publish(`futures.account#${userId}`, account);
    }
    if (has('futures.alerts')) {
      const { ratios, legs } = await this.ratiosOf(userId);
      open ??= legs.size > 0;
      const before = this.warned.get(userId) ?? new Set<number>();
      const after = new Set<number>();
      for (const [positionId, ratio] of ratios) {
        const over = overThreshold(ratio, this.d.warningRatio);
        if (over) after.add(positionId);
        if (over !== before.has(positionId)) {
          const leg = legs.get(positionId)!;
          hub.publish(`futures.alerts#${userId}`, this.warning(over ? 'marginWarning' : 'marginRecovered', leg, ratio));
        }
      }
      this.warned.set(userId, after);
    }
    // without a position the next ticks are skipped until a command of the user changes something
    if (open === false) this.flat.add(userId);
    else this.flat.delete(userId);
  }

  /** The alerts channel's snapshot: the warnings in force now (and the crossing state starts from them). */
  private async activeWarnings(userId: number): Promise<FuturesAlert[]> {
    const { ratios, legs } = await this.ratiosOf(userId);
    const over = [...ratios].filter(([, r]) => overThreshold(r, this.d.warningRatio));
    this.warned.set(userId, new Set(over.map(([id]) => id)));
    return over.map(([id, r]) => this.warning('marginWarning', legs.get(id)!, r));
  }

  private async ratiosOf(userId: number) {
    const rows = await this.d.db
      .select()
      .from(futuresPositions)
      .where(and(eq(futuresPositions.userId, userId), eq(futuresPositions.status, 'open')));
    const available = (await this.d.ledger.balance(walletOf(userId))).available;
    const legs = new Map(rows.map((r) => [r.id, { positionId: r.id, symbol: r.symbol, marginMode: r.marginMode }]));
    const ratios = marginRatios(
      rows.map((r) => ({
        positionId: r.id,
        contract: contractOf(r.symbol)!,
        position: toPosition(r),
        margin: r.margin,
        marginMode: r.marginMode,
        mark: this.d.futures.markOf(r.symbol),
      })),
      available,
    );
    return { ratios, legs };
  }

  private warning(
    kind: 'marginWarning' | 'marginRecovered',
    leg: { positionId: number; symbol: string; marginMode: 'cross' | 'isolated' },
    ratio: Rate | null,
  ): FuturesAlert {
    return {
      kind,
      symbol: leg.symbol,
      positionId: leg.positionId,
      marginMode: leg.marginMode,
      marginRatio: ratio === null ? null : formatFixed(ratio, RATE_DECIMALS),
      threshold: formatFixed(this.d.warningRatio, RATE_DECIMALS),
      time: this.d.clock.now(),
    };
  }

  private marks(symbol?: string): FuturesMarkInfo[] {
    const f = this.d.futures;
    const now = this.d.clock.now();
    const funding = new Map(f.fundingInfo(symbol).map((x) => [x.symbol, x]));
    return f
      .contracts()
      .filter((c) => symbol === undefined || c.symbol === symbol)
      .map((c) => {
        const fi = funding.get(c.symbol)!;
        return {
          symbol: c.symbol,
          markPrice: c.markPrice,
          indexPrice: c.indexPrice,
          fundingRate: fi.predictedRate,
          lastFundingRate: fi.lastRate,
          nextFundingTime: fi.nextFundingTime,
          intervalHours: fi.intervalHours,
          time: now,
        };
      });
  }

  private depthView(symbol: string) {
    const p = this.published.get(symbol) ?? { bids: new Map(), asks: new Map() };
    const sorted = (m: Map<string, string>, desc: boolean) =>
      [...m.entries()].sort((a, b) => (desc ? cmp(b[0], a[0]) : cmp(a[0], b[0])));
    return { bids: sorted(p.bids, true), asks: sorted(p.asks, false) };
  }

  /** Replaces the published view with the committed book's top levels; publishes the changed levels. */
  private publishDepth(symbol: string): void {
    const book = this.d.futures.books.get(symbol)!;
    const next = contractDepth(book, this.d.depthLevels);
    const p = this.published.get(symbol) ?? { bids: new Map<string, string>(), asks: new Map<string, string>() };
    this.published.set(symbol, p);
    const bids = replaceSide(p.bids, next.bids);
    const asks = replaceSide(p.asks, next.asks);
    if (bids.length || asks.length) this.d.hub.publish(`futures.depth:${symbol}`, { bids, asks });
  }

  private trade(symbol: string, t: FuturesEffects['trades'][number]): PublicTrade {
    const c = contractOf(symbol)!;
    return {
      id: t.id,
      symbol,
      price: ticksToPrice(c, t.priceTicks),
      quantity: lotsToQty(c, t.qtyLots),
      side: t.takerSide,
      time: t.at,
      demo: this.d.demo(),
    };
  }

  /** The latest matched trades, newest first (auto-deleverage fills are not market trades). */
  private async recentTrades(symbol: string, limit: number): Promise<PublicTrade[]> {
    const rows = await this.d.db
      .select()
      .from(futuresTrades)
      .where(and(eq(futuresTrades.symbol, symbol), eq(futuresTrades.kind, 'match')))
      .orderBy(desc(futuresTrades.id))
      .limit(limit);
    return rows.map((r) =>
      this.trade(symbol, {
        id: r.id,
        priceTicks: r.priceTicks,
        qtyLots: r.qtyLots,
        takerSide: r.takerSide,
        at: r.createdAt.getTime(),
      }),
    );
  }
}

/** Decimal strings of one contract's prices compared exactly (no float): by length of the integer part, then text. */
function cmp(a: string, b: string): number {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  if (ai.length !== bi.length) return ai.length - bi.length;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const w = Math.max(af.length, bf.length);
  const x = af.padEnd(w, '0');
  const y = bf.padEnd(w, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

/** Replaces one side of the published view; returns the changed levels ("0" = gone). */
function replaceSide(side: Map<string, string>, levels: Array<[string, string]>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const seen = new Set<string>();
  for (const [price, qty] of levels) {
    seen.add(price);
    if (side.get(price) !== qty) {
      side.set(price, qty);
      out.push([price, qty]);
    }
  }
  for (const price of [...side.keys()]) {
    if (!seen.has(price)) {
      side.delete(price);
      out.push([price, '0']);
    }
  }
  return out;
}
