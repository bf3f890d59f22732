import type { WebSocket } from 'ws';
import type { WsServerMessage } from '@tidemark/contract/spot';

/**
 * Channels, per-channel sequence numbers and per-connection batching for the `/ws` market-data socket.
 * A channel's `seq` is global (every subscriber sees the same numbers): a snapshot carries the current
 * seq, every later update seq+1, so a client detects a lost update by a jump. Each connection queues its
 * messages and they are flushed as ONE frame (a JSON array) every `flushMs`.
 *
 * Channel keys: public channels by name ("depth:BTCUSDT"); a user's channels as "orders#<userId>" so two
 * users' "orders" never share a sequence.
 */
export interface Connection {
  socket: WebSocket;
  userId: number | null;
  /** channel key → the name the client used */
  subscriptions: Map<string, string>;
  queue: WsServerMessage[];
  /** Updates held back while a channel's snapshot is being read (sent right after the snapshot). */
  pending: Map<string, WsServerMessage[]>;
}

export class FeedHub {
  private readonly seqs = new Map<string, number>();
  private readonly subscribers = new Map<string, Set<Connection>>();
  private readonly connections = new Set<Connection>();
  private timer: NodeJS.Timeout | null = null;
  private readonly flushMs: number;

  constructor(flushMs = 100) {
    this.flushMs = flushMs;
  }

  start(): void {
    this.timer ??= setInterval(() => this.flush(), this.flushMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const c of this.connections) c.socket.terminate();
    this.connections.clear();
    this.subscribers.clear();
  }

  add(socket: WebSocket): Connection {
    const c: Connection = { socket, userId: null, subscriptions: new Map(), queue: [], pending: new Map() };
    this.connections.add(c);
    return c;
  }

  remove(c: Connection): void {
    this.connections.delete(c);
    for (const key of c.subscriptions.keys()) this.subscribers.get(key)?.delete(c);
  }

  hasSubscribers(key: string): boolean {
    return (this.subscribers.get(key)?.size ?? 0) > 0;
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
  async subscribe(c: Connection, key: string, name: string, snapshot: (seq: number) => unknown): Promise<void> {
    c.subscriptions.set(key, name);
    let set = this.subscribers.get(key);
    if (!set) this.subscribers.set(key, (set = new Set()));
    set.add(c);
    const seq = this.seq(key);
    const held: WsServerMessage[] = [];
    c.pending.set(key, held);
    try {
      const data = await snapshot(seq);
      if (c.subscriptions.get(key) !== name) return; // unsubscribed meanwhile
      c.queue.push({ type: 'snapshot', channel: name, seq, data }, ...held);
    } finally {
      if (c.pending.get(key) === held) c.pending.delete(key);
    }
  }

  unsubscribe(c: Connection, key: string): void {
    c.subscriptions.delete(key);
    c.pending.delete(key);
    this.subscribers.get(key)?.delete(c);
  }

  /** Publishes one update: the channel's seq moves on even with no subscriber, so numbering stays global. */
  publish(key: string, data: unknown): void {
    const seq = (this.seqs.get(key) ?? 0) + 1;
    this.seqs.set(key, seq);
    const set = this.subscribers.get(key);
    if (!set) return;
    for (const c of set) {
      const message: WsServerMessage = { type: 'update', channel: c.subscriptions.get(key)!, seq, data };
      (c.pending.get(key) ?? c.queue).push(message);
    }
  }

  send(c: Connection, message: WsServerMessage): void {
    c.queue.push(message);
  }

  /** Sends every connection's queued messages as one frame. */
  flush(): void {
    for (const c of this.connections) {
      if (!c.queue.length) continue;
      const frame = JSON.stringify(c.queue);
      c.queue = [];
      if (c.socket.readyState === c.socket.OPEN) c.socket.send(frame);
    }
  }
}
