import { expect } from 'vitest';
import WebSocket from 'ws';
import type { WsServerMessage } from '@tidemark/contract/spot';

export type DataMessage = Extract<WsServerMessage, { type: 'snapshot' | 'update' }>;

/** A `/ws` test client over a real connection: records every message of every frame (frames are JSON arrays). */
export class WsTestClient {
  readonly messages: WsServerMessage[] = [];
  private readonly socket: WebSocket;
  private waiters: Array<() => void> = [];

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as WsServerMessage[];
      expect(Array.isArray(frame)).toBe(true);
      this.messages.push(...frame);
      for (const w of this.waiters) w();
    });
  }

  static open(baseUrl: string, headers: Record<string, string> = {}): Promise<WsTestClient> {
    const socket = new WebSocket(baseUrl.replace('http', 'ws') + '/ws', { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new WsTestClient(socket)));
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Waits until a recorded message satisfies `match` (returns it). */
  waitFor(match: (m: WsServerMessage) => boolean, what = 'a message', ms = 5000): Promise<WsServerMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.find(match);
        if (!found) return false;
        this.waiters = this.waiters.filter((w) => w !== waiter);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const waiter = () => void check();
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.messages).slice(0, 2000)}`));
      }, ms);
      if (!check()) this.waiters.push(waiter);
    });
  }

  /**
   * A barrier: the server handles a connection's messages in order and queues its answers in order, and
   * an order's updates are queued before its HTTP answer leaves. So once the pong of a ping sent now has
   * arrived, every update caused by an already answered call has arrived too.
   */
  async settle(): Promise<void> {
    const before = this.messages.length;
    this.send({ op: 'ping' });
    await this.waitFor((m) => m.type === 'pong' && this.messages.indexOf(m) >= before, 'pong');
  }

  async subscribe(channels: string[], token?: string): Promise<void> {
    this.send({ op: 'subscribe', channels, ...(token ? { token } : {}) });
    await this.waitFor(
      (m) => m.type === 'subscribed' && channels.every((c) => m.channels.includes(c)),
      `subscribed ${channels}`,
    );
  }

  data(channel: string): DataMessage[] {
    return this.messages.filter(
      (m): m is DataMessage => (m.type === 'snapshot' || m.type === 'update') && m.channel === channel,
    );
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * The client-side gap rule (the same as the web's): after a snapshot at seq s, each update must be s+1,
 * s+2, …; returns the seqs at which a jump was seen.
 */
export function findGaps(messages: Array<Pick<DataMessage, 'type' | 'seq'>>): number[] {
  const gaps: number[] = [];
  let seq: number | null = null;
  for (const m of messages) {
    if (m.type === 'snapshot') seq = m.seq;
    else if (seq === null || m.seq !== seq + 1) {
      gaps.push(m.seq);
      seq = m.seq;
    } else seq = m.seq;
  }
  return gaps;
}
