import type { BalanceUpdate, Candle, DepthLevel, PublicTrade, SpotOrder, Ticker } from '@tidemark/contract';
import type { FuturesAlert, FuturesMarkInfo } from '@tidemark/contract/futures';
import { FUTURES_USER_CHANNELS } from '@tidemark/contract/futures-channels';
import type { StopOrder } from '@tidemark/contract/spot-stops';
import { applyDepthDelta, bookFromSnapshot, type DepthBook } from './depth-book.ts';

/**
 * How each `/ws` channel turns its snapshot and updates into the state screens read
 * (packages/contract/src/spot.ts and futures.ts describe the payloads). Pure; one entry per channel kind.
 */
export const TRADES_KEPT = 50;
export const CANDLES_KEPT = 1000;
export const ALERTS_KEPT = 20;

export interface ChannelReducer<S> {
  snapshot(data: unknown): S;
  update(state: S, data: unknown): S;
}

const depth: ChannelReducer<DepthBook> = {
  snapshot: (d) => bookFromSnapshot(d as { bids: DepthLevel[]; asks: DepthLevel[] }),
  update: (s, d) => applyDepthDelta(s, d as { bids?: DepthLevel[]; asks?: DepthLevel[] }),
};

/** Latest first; an update carries the new trades oldest first. */
const trades: ChannelReducer<PublicTrade[]> = {
  snapshot: (d) => (d as PublicTrade[]).slice(0, TRADES_KEPT),
  update: (s, d) => {
    const seen = new Set(s.map((t) => t.id));
    const fresh = (d as PublicTrade[]).filter((t) => !seen.has(t.id)).reverse();
    return [...fresh, ...s].slice(0, TRADES_KEPT);
  },
};

const ticker: ChannelReducer<Ticker> = {
  snapshot: (d) => d as Ticker,
  update: (_s, d) => d as Ticker,
};

const tickers: ChannelReducer<Ticker[]> = {
  snapshot: (d) => d as Ticker[],
  update: (s, d) => mergeBy(s, d as Ticker[], (t) => t.symbol),
};

/** Oldest first (the order the chart wants); an update is the open candle or the one just closed. */
const candles: ChannelReducer<Candle[]> = {
  snapshot: (d) => [...(d as Candle[])].sort((a, b) => a.time - b.time),
  update: (s, d) => {
    const c = d as Candle;
    const last = s[s.length - 1];
    if (!last || c.time > last.time) return [...s, c].slice(-CANDLES_KEPT);
    return s.map((x) => (x.time === c.time ? c : x));
  },
};

/** The caller's open orders; an order that is filled or cancelled leaves the list. */
const orders: ChannelReducer<SpotOrder[]> = {
  snapshot: (d) => d as SpotOrder[],
  update: (s, d) => {
    const merged = mergeBy(s, d as SpotOrder[], (o) => String(o.id));
    return merged.filter((o) => o.status === 'new' || o.status === 'partially_filled');
  },
};

/** The caller's stops: the snapshot is the waiting ones; each update the stops whose state changed (kept, by id). */
const stops: ChannelReducer<StopOrder[]> = {
  snapshot: (d) => d as StopOrder[],
  update: (s, d) => mergeBy(s, d as StopOrder[], (o) => String(o.id)),
};

const balances: ChannelReducer<BalanceUpdate[]> = {
  snapshot: (d) => d as BalanceUpdate[],
  update: (s, d) => mergeBy(s, d as BalanceUpdate[], (b) => `${b.wallet}:${b.currency}`),
};

/** A channel whose every message is the whole state (the futures user channels, one contract's mark). */
const latest: ChannelReducer<unknown> = {
  snapshot: (d) => d,
  update: (_s, d) => d,
};

const futuresMarks: ChannelReducer<FuturesMarkInfo[]> = {
  snapshot: (d) => d as FuturesMarkInfo[],
  update: (s, d) => mergeBy(s, d as FuturesMarkInfo[], (m) => m.symbol),
};

/**
 * The snapshot is the warnings in force; each update is one event (a warning, its end, a liquidation),
 * appended, oldest first. `activeWarnings` reads what is in force now.
 */
const futuresAlerts: ChannelReducer<FuturesAlert[]> = {
  snapshot: (d) => (d as FuturesAlert[]).slice(-ALERTS_KEPT),
  update: (s, d) => [...s, d as FuturesAlert].slice(-ALERTS_KEPT),
};

/** The positions under a margin warning now: the last event of each position decides. */
export function activeWarnings(alerts: readonly FuturesAlert[]): FuturesAlert[] {
  const byPosition = new Map<number, FuturesAlert>();
  for (const a of alerts) byPosition.set(a.positionId, a);
  return [...byPosition.values()].filter((a) => a.kind === 'marginWarning');
}

function mergeBy<T>(list: T[], changed: T[], key: (t: T) => string): T[] {
  const byKey = new Map(changed.map((c) => [key(c), c]));
  const out = list.map((x) => byKey.get(key(x)) ?? x);
  const present = new Set(list.map(key));
  for (const c of changed) if (!present.has(key(c))) out.push(c);
  return out;
}

/** The reducer for a channel name such as `depth:BTCUSDT` or `candles:BTCUSDT:1m`. */
export function reducerFor(channel: string): ChannelReducer<unknown> | null {
  const kind = channel.split(':')[0];
  const table: Record<string, ChannelReducer<never>> = {
    depth,
    trades,
    ticker,
    tickers,
    candles,
    orders,
    balances,
    stops,
    'futures.mark': latest,
    'futures.marks': futuresMarks,
    'futures.depth': depth,
    'futures.trades': trades,
    'futures.positions': latest,
    'futures.orders': latest,
    'futures.account': latest,
    'futures.alerts': futuresAlerts,
  } as unknown as Record<string, ChannelReducer<never>>;
  return (kind && table[kind]) || null;
}

/** Channels that carry the caller's own data: subscribed with the session token. */
export function isUserChannel(channel: string): boolean {
  return (
    channel === 'orders' ||
    channel === 'balances' ||
    channel === 'stops' ||
    (FUTURES_USER_CHANNELS as readonly string[]).includes(channel)
  );
}
