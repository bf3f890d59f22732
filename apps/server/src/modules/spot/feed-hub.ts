import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { WsServerMessage } from '@tidemark/contract/spot';
import { DEFAULT_FEED_LIMITS, type FeedLimits } from './feed.config.ts';
import { textFrame } from './ws-frame.ts';

/**
 * Channels, per-channel sequence numbers and fan-out for the `/ws` market-data socket.
 *
 * Sequence numbers: a channel's `seq` is global (every subscriber sees the same numbers): a snapshot carries
 * the current seq, every later update seq+1, so a client detects a lost update by a jump.
 *
 * Serialize once: an update is turned into JSON once per publish, and at each flush the updates a channel
 * collected become ONE WebSocket frame (a JSON array, framed once into one Buffer) shared by every
 * subscriber of the channel — the same bytes for all, so 10,000 subscribers cost no JSON encoding or framing
 * each. A connection gets everything of one flush in ONE write on its socket: its own frame (if any), then
 * the shared frames of the channels it takes, joined once per distinct set of channels in that flush. So
 * 10,000 subscribers of trades and depth cost 10,000 socket writes per flush, not 20,000 `ws` sends of a
 * header and a payload each.
 *
 * When to flush: as soon as there is something to send and the last flush is at least `flushMs` old. On a
 * quiet feed an update leaves on the next turn of the event loop (no added delay); on a busy one flushes
 * come at most every `flushMs` and each carries everything collected since the last (batched). A fixed
 * timer also runs every `flushMs` for the send-budget checks and resyncs of connections that have drained.
 * A connection's own messages (snapshots, replies, and the updates of a channel it subscribed to since the
 * last flush, which must follow that channel's snapshot) go in its own frame, written before the shared ones.
 *
 * Back-pressure: a connection whose socket already holds more than `sendBudgetBytes` unsent does not get
 * the channel frames; the channels it missed are remembered and, once it has drained, it receives a
 * `resync` (a fresh snapshot at the current seq) for each. A connection that keeps not reading — over
 * `maxBufferedBytes`, or over budget for `stalledMs` — is closed with 4008. Nothing is lost silently and the
 * memory a connection can hold is bounded.
 *
 * Liveness: every `pingIntervalMs` the server pings; a connection that did not answer the previous ping is
 * terminated; a connection without subscriptions for `idleTimeoutMs` is closed with 4000.
 *
 * Channel keys: public channels by name ("depth:BTCUSDT"); a user's channels as "orders#<userId>" so two
 * users' "orders" never share a sequence.
 */

export const CLOSE_IDLE = 4000;
export const CLOSE_SLOW_CONSUMER = 4008;

export type Snapshot = (seq: number) => unknown;

/**
 * A channel another module serves on the same socket (futures): `user` channels need a signed-in connection
 * and are keyed per user; `snapshot` reads the channel's state for that user (null on a public channel).
 */
export interface RoutedChannel {
  user: boolean;
  snapshot: (userId: number | null) => Snapshot;
}
export type ChannelRoute = (name: string) => RoutedChannel | null;

interface Subscription {
  name: string;
  snapshot: Snapshot;
}

export interface Connection {
  socket: WebSocket;
  /** The socket's byte stream under `ws`: the hub writes its pre-built frames here, one write per flush. */
  stream: Duplex;
  userId: number | null;
  /** channel key → the name the client used and how to take a snapshot of it */
  subscriptions: Map<string, Subscription>;
  /** This connection's own messages, already serialized. */
  queue: string[];
  /** Updates held back while a channel's snapshot is being read (sent right after the snapshot). */
  pending: Map<string, string[]>;
  /** Channels (re)subscribed since the last flush: their updates go through `queue`, after the snapshot. */
  fresh: Set<string>;
  /** Channels whose updates were held back because the client was not reading: resynced once it drains. */
  lost: Set<string>;
  /** Since when the connection has been over its send budget. */
  overSince: number | null;
  /** Answered the last ping. */
  alive: boolean;
  /** Since when the connection has had no subscription. */
  idleSince: number | null;
}

interface Channel {
  key: string;
  name: string;
  subscribers: Set<Connection>;
  /** Subscribers that take this channel's updates through their own queue (pending or fresh). */
  direct: Set<Connection>;
  /** Serialized updates since the last flush, for the shared frame. */
  buffer: string[];
}

export interface FeedStats {
  connections: number;
  resyncs: number;
  slowClosed: number;
  deadClosed: number;
  idleClosed: number;
}

export class FeedHub {
  private readonly seqs = new Map<string, number>();
  private readonly channels = new Map<string, Channel>();
  private readonly connections = new Set<Connection>();
  private readonly dirty = new Set<Channel>();
  /** The periodic flush (send budgets, resyncs) and the early one asked for by new data. */
  private flushTimer: NodeJS.Timeout | null = null;
  private earlyFlush: NodeJS.Timeout | null = null;
  private lastFlush = 0;
  private pingTimer: NodeJS.Timeout | null = null;
  readonly limits: FeedLimits;
  readonly stats: FeedStats = { connections: 0, resyncs: 0, slowClosed: 0, deadClosed: 0, idleClosed: 0 };

  constructor(limits: Partial<FeedLimits> = {}) {
    this.limits = { ...DEFAULT_FEED_LIMITS, ...limits };
  }

  start(): void {
    this.flushTimer ??= setInterval(() => {
      if (Date.now() - this.lastFlush >= this.limits.flushMs) this.flush();
    }, this.limits.flushMs);
    this.pingTimer ??= setInterval(() => this.heartbeat(), this.limits.pingIntervalMs);
  }

  stop(): void {
    if (this.flushTimer) clearInterval(this.flushTimer);
    if (this.earlyFlush) clearTimeout(this.earlyFlush);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.flushTimer = this.earlyFlush = this.pingTimer = null;
    for (const c of this.connections) c.socket.terminate();
    this.connections.clear();
    this.channels.clear();
    this.dirty.clear();
  }

  /**
   * A new `/ws` connection; `stream` is the upgraded request's socket (`request.socket`), the one `ws`
   * writes to. `ws` still sends pings, pongs and the close frame there; every frame is a whole write, so
   * they never interleave with the hub's frames.
   */
  add(socket: WebSocket, stream: Duplex): Connection {
    const c: Connection = {
      socket,
      stream,
      userId: null,
      subscriptions: new Map(),
      queue: [],
      pending: new Map(),
      fresh: new Set(),
      lost: new Set(),
      overSince: null,
      alive: true,
      idleSince: Date.now(),
    };
    socket.on('pong', () => (c.alive = true));
    this.connections.add(c);
    this.stats.connections = this.connections.size;
    return c;
  }

  /** Any message from the client shows it is alive. */
  touch(c: Connection): void {
    c.alive = true;
  }

  remove(c: Connection): void {
    if (!this.connections.delete(c)) return;
    for (const key of c.subscriptions.keys()) this.detach(c, key);
    c.subscriptions.clear();
    c.queue = [];
    this.stats.connections = this.connections.size;
  }

  hasSubscribers(key: string): boolean {
    return (this.channels.get(key)?.subscribers.size ?? 0) > 0 || (this.watched.get(key) ?? 0) > 0;
  }

  /**
   * An in-process listener of every update, with the channel's seq (the bot API's Binance-style streams
   * re-encode the same updates: one feed, two wire formats). Returns the way to remove it.
   */
  tap(listener: (key: string, seq: number, data: unknown) => void): () => void {
    this.taps.add(listener);
    return () => this.taps.delete(listener);
  }

  /** Counts a listener of `key` outside `/ws` (a tap) as a subscriber, so the channel is published. */
  watch(key: string): () => void {
    this.watched.set(key, (this.watched.get(key) ?? 0) + 1);
    return () => {
      const n = (this.watched.get(key) ?? 1) - 1;
      if (n > 0) this.watched.set(key, n);
      else this.watched.delete(key);
    };
  }
  private readonly taps = new Set<(key: string, seq: number, data: unknown) => void>();
  private readonly watched = new Map<string, number>();
  private readonly routes: ChannelRoute[] = [];

  /** Lets another module serve channels on `/ws` (each route answers null for a name it does not know). */
  route(route: ChannelRoute): void {
    this.routes.push(route);
  }

  /** The routed channel of a name, if any module serves it. */
  routed(name: string): RoutedChannel | null {
    for (const r of this.routes) {
      const found = r(name);
      if (found) return found;
    }
    return null;
  }

  subscriberCount(key: string): number {
    return this.channels.get(key)?.subscribers.size ?? 0;
  }

  /** The channel's current sequence number (what a snapshot taken now is at). */
  seq(key: string): number {
    return this.seqs.get(key) ?? 0;
  }

  /**
   * Subscribes, then queues the snapshot at the seq the channel had WHEN SUBSCRIBED, followed by every
   * update published while the snapshot was being read. A synchronous snapshot (depth, from the published
   * book) is exact. A snapshot read asynchronously (balances, candles) may already contain some of the
   * held-back updates; those channels' updates are whole states or upserts by id/time, so applying them
   * again is harmless — and nothing published in between is lost.
   */
  async subscribe(c: Connection, key: string, name: string, snapshot: Snapshot): Promise<void> {
    if (!this.connections.has(c)) return;
    const sub: Subscription = { name, snapshot };
    c.subscriptions.set(key, sub);
    c.idleSince = null;
    c.lost.delete(key);
    let ch = this.channels.get(key);
    if (!ch) this.channels.set(key, (ch = { key, name, subscribers: new Set(), direct: new Set(), buffer: [] }));
    ch.subscribers.add(c);
    await this.snapshotInto(c, key, sub, ch, false);
  }

  unsubscribe(c: Connection, key: string): void {
    if (!c.subscriptions.delete(key)) return;
    this.detach(c, key);
    if (c.subscriptions.size === 0) c.idleSince = Date.now();
  }

  /** Publishes one update: the channel's seq moves on even with no subscriber, so numbering stays global. */
  publish(key: string, data: unknown): void {
    const seq = (this.seqs.get(key) ?? 0) + 1;
    this.seqs.set(key, seq);
    for (const t of this.taps) t(key, seq, data);
    const ch = this.channels.get(key);
    if (!ch || ch.subscribers.size === 0) return;
    const text = JSON.stringify({ type: 'update', channel: ch.name, seq, time: Date.now(), data });
    for (const c of ch.direct) (c.pending.get(key) ?? c.queue).push(text);
    if (ch.direct.size < ch.subscribers.size) {
      ch.buffer.push(text);
      this.dirty.add(ch);
    }
    this.requestFlush();
  }

  /** A reply or an error for this connection only. */
  send(c: Connection, message: WsServerMessage): void {
    c.queue.push(JSON.stringify(message));
    this.requestFlush();
  }

  /**
   * A flush as soon as the last one is `flushMs` old — on the next turn of the event loop when it already is,
   * so the updates of one commit still share a frame. Only while started: a stopped hub (and a test driving
   * `flush()` by hand) is not flushed behind its back.
   */
  private requestFlush(): void {
    if (this.earlyFlush || !this.flushTimer) return;
    const wait = Math.max(0, this.lastFlush + this.limits.flushMs - Date.now());
    this.earlyFlush = setTimeout(() => {
      this.earlyFlush = null;
      this.flush();
    }, wait);
  }

  /**
   * Writes, per connection and in one write, its own frame and then the shared frames of the channels it
   * takes — watching each socket's budget.
   */
  flush(): void {
    const now = Date.now();
    // only a flush that wrote something spaces the next one: the periodic pass over idle connections must not
    // hold back the first update after it
    let wrote = this.dirty.size > 0;
    const { sendBudgetBytes, maxBufferedBytes, stalledMs } = this.limits;
    // each dirty channel's updates as one frame, and which of them each connection takes
    const frames: Buffer[] = [];
    const keys: string[] = [];
    const takes = new Map<Connection, number[]>();
    for (const ch of this.dirty) {
      const index = frames.push(textFrame(`[${ch.buffer.join(',')}]`)) - 1;
      keys.push(ch.key);
      ch.buffer = [];
      for (const c of ch.subscribers) {
        if (ch.direct.has(c) || c.lost.has(ch.key)) continue;
        const list = takes.get(c);
        if (list) list.push(index);
        else takes.set(c, [index]);
      }
    }
    this.dirty.clear();
    // connections with the same channels in this flush share one joined buffer
    const joined = new Map<string, Buffer>();
    for (const c of this.connections) {
      const buffered = c.socket.bufferedAmount;
      if (buffered > maxBufferedBytes || (c.overSince !== null && now - c.overSince > stalledMs)) {
        this.closeSlow(c);
        continue;
      }
      if (buffered <= sendBudgetBytes / 2) {
        c.overSince = null;
        if (c.lost.size) this.resync(c);
      }
      let own: Buffer | null = null;
      if (c.queue.length) {
        own = textFrame(`[${c.queue.join(',')}]`);
        c.queue = [];
        wrote = true;
      }
      const list = takes.get(c);
      let shared: Buffer | null = null;
      if (list && buffered + (own?.length ?? 0) > sendBudgetBytes) {
        for (const i of list) c.lost.add(keys[i]!);
        c.overSince ??= now;
      } else if (list?.length === 1) {
        shared = frames[list[0]!]!;
      } else if (list) {
        const key = list.join(',');
        shared = joined.get(key) ?? null;
        if (!shared) joined.set(key, (shared = Buffer.concat(list.map((i) => frames[i]!))));
      }
      if (own || shared) this.write(c, own && shared ? Buffer.concat([own, shared]) : (own ?? shared)!);
    }
    if (wrote) this.lastFlush = now;
    for (const c of this.connections) {
      if (!c.fresh.size) continue;
      for (const key of c.fresh) if (!c.pending.has(key)) this.channels.get(key)?.direct.delete(c);
      c.fresh.clear();
    }
  }

  /** Pings every connection; drops the ones that did not answer the last ping and the idle ones. */
  heartbeat(): void {
    const now = Date.now();
    for (const c of this.connections) {
      if (!c.alive) {
        this.stats.deadClosed += 1;
        this.remove(c);
        c.socket.terminate();
        continue;
      }
      if (c.idleSince !== null && now - c.idleSince > this.limits.idleTimeoutMs) {
        this.stats.idleClosed += 1;
        this.remove(c);
        c.socket.close(CLOSE_IDLE, 'idle: no subscription');
        continue;
      }
      c.alive = false;
      if (c.socket.readyState === c.socket.OPEN) c.socket.ping();
    }
  }

  private async snapshotInto(
    c: Connection,
    key: string,
    sub: Subscription,
    ch: Channel,
    resync: boolean,
  ): Promise<void> {
    const seq = this.seq(key);
    const held: string[] = [];
    c.pending.set(key, held);
    ch.direct.add(c);
    try {
      const data = await sub.snapshot(seq);
      if (c.subscriptions.get(key) !== sub || !this.connections.has(c)) return; // unsubscribed meanwhile
      const message = { type: 'snapshot', channel: sub.name, seq, data, ...(resync ? { resync: true } : {}) };
      c.queue.push(JSON.stringify(message), ...held);
      this.requestFlush();
    } finally {
      if (c.pending.get(key) === held) {
        c.pending.delete(key);
        // stays on the direct path until the next flush, so nothing older than the snapshot follows it
        if (c.subscriptions.get(key) === sub) c.fresh.add(key);
        else ch.direct.delete(c);
      }
    }
  }

  private resync(c: Connection): void {
    const lost = [...c.lost];
    c.lost.clear();
    for (const key of lost) {
      const sub = c.subscriptions.get(key);
      const ch = this.channels.get(key);
      if (!sub || !ch) continue;
      this.stats.resyncs += 1;
      void this.snapshotInto(c, key, sub, ch, true).catch(() => this.closeSlow(c));
    }
  }

  private closeSlow(c: Connection): void {
    this.stats.slowClosed += 1;
    this.remove(c);
    // the close frame waits behind what the client never read: do not wait for its answer
    c.socket.close(CLOSE_SLOW_CONSUMER, 'slow consumer: resubscribe for fresh snapshots');
    setTimeout(() => c.socket.terminate(), 1000).unref();
  }

  private detach(c: Connection, key: string): void {
    c.pending.delete(key);
    c.fresh.delete(key);
    c.lost.delete(key);
    const ch = this.channels.get(key);
    if (!ch) return;
    ch.subscribers.delete(c);
    ch.direct.delete(c);
    if (ch.subscribers.size === 0) {
      this.channels.delete(key);
      this.dirty.delete(ch);
    }
  }

  /** Complete frames, as built: after `ws` has begun closing, nothing more may follow its close frame. */
  private write(c: Connection, frames: Buffer): void {
    if (c.socket.readyState !== c.socket.OPEN) return;
    c.stream.write(frames);
  }
}
