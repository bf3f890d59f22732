import { once } from 'node:events';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { CLOSE_IDLE, CLOSE_SLOW_CONSUMER, FeedHub, type Connection } from './feed-hub.ts';
import type { FeedLimits } from './feed.config.ts';

/**
 * The hub over a real `ws` server on loopback: one frame shared by all subscribers, back-pressure against
 * a client that stops reading, resync after a pause, heartbeat and idle close.
 */

interface Rig {
  hub: FeedHub;
  url: string;
  connections: Connection[];
  close: () => Promise<void>;
}

const rigs: Rig[] = [];
afterEach(async () => {
  while (rigs.length) await rigs.pop()!.close();
});

/** A hub whose connections subscribe to `channel` with a snapshot that returns `state()`. */
async function rig(limits: Partial<FeedLimits>, state: () => unknown = () => ({})): Promise<Rig> {
  const hub = new FeedHub({ flushMs: 20, ...limits });
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(wss, 'listening');
  const connections: Connection[] = [];
  wss.on('connection', (socket, req) => {
    const c = hub.add(socket, req.socket);
    connections.push(c);
    socket.on('message', (raw) => {
      hub.touch(c);
      const msg = JSON.parse(String(raw)) as { op: string; channel?: string };
      if (msg.op === 'subscribe') void hub.subscribe(c, msg.channel!, msg.channel!, () => state());
    });
    socket.on('close', () => hub.remove(c));
  });
  hub.start();
  const port = (wss.address() as AddressInfo).port;
  const r: Rig = {
    hub,
    url: `ws://127.0.0.1:${port}`,
    connections,
    close: async () => {
      hub.stop();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
  rigs.push(r);
  return r;
}

interface Client {
  ws: WebSocket;
  frames: Buffer[];
  messages: Array<{ type: string; channel?: string; seq?: number; resync?: boolean; data?: unknown }>;
}

async function client(url: string, options: WebSocket.ClientOptions = {}): Promise<Client> {
  const ws = new WebSocket(url, options);
  const c: Client = { ws, frames: [], messages: [] };
  ws.on('message', (raw: Buffer) => {
    c.frames.push(raw);
    c.messages.push(...(JSON.parse(String(raw)) as Client['messages']));
  });
  await once(ws, 'open');
  return c;
}

async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Checks the rule a client applies: a snapshot, then every update exactly one higher. */
function seqsOf(c: Client, channel: string): number[] {
  return c.messages.filter((m) => m.channel === channel && m.seq !== undefined).map((m) => m.seq!);
}

describe('FeedHub', () => {
  it('sends the same bytes to every subscriber of a channel, serialized once', async () => {
    const r = await rig({});
    const a = await client(r.url);
    const b = await client(r.url);
    for (const c of [a, b]) c.ws.send(JSON.stringify({ op: 'subscribe', channel: 'trades:X' }));
    await until(() => a.messages.length >= 1 && b.messages.length >= 1);
    // wait one flush so both are on the shared path
    await new Promise((res) => setTimeout(res, 60));
    const before = [a.frames.length, b.frames.length] as const;
    const stringify = JSON.stringify;
    let calls = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => {
      calls += 1;
      return stringify(...args);
    }) as typeof JSON.stringify;
    try {
      r.hub.publish('trades:X', [{ price: '1', qty: '2' }]);
      r.hub.publish('trades:X', [{ price: '3', qty: '4' }]);
    } finally {
      JSON.stringify = stringify;
    }
    expect(calls).toBe(2); // once per update, not per subscriber
    await until(() => a.frames.length > before[0] && b.frames.length > before[1]);
    const fa = a.frames.slice(before[0]);
    const fb = b.frames.slice(before[1]);
    expect(fa).toHaveLength(1);
    expect(Buffer.compare(fa[0]!, fb[0]!)).toBe(0);
    const updates = JSON.parse(String(fa[0])) as Array<{ type: string; seq: number; time: number }>;
    expect(updates.map((u) => [u.type, u.seq])).toEqual([
      ['update', 1],
      ['update', 2],
    ]);
    expect(updates[0]!.time).toBeGreaterThan(0);
  });

  it('writes a flush to each connection in one write: same bytes for the same channels, own frame first', async () => {
    const r = await rig({});
    const a = await client(r.url);
    const b = await client(r.url);
    for (const c of [a, b]) c.ws.send(JSON.stringify({ op: 'subscribe', channel: 'trades:X' }));
    for (const c of [a, b]) c.ws.send(JSON.stringify({ op: 'subscribe', channel: 'depth:X' }));
    await until(() => a.messages.length >= 2 && b.messages.length >= 2);
    await new Promise((res) => setTimeout(res, 60));
    const writes = r.connections.map((conn) => {
      const counted = { n: 0 };
      const write = conn.stream.write.bind(conn.stream) as (...args: unknown[]) => boolean;
      conn.stream.write = ((...args: unknown[]) => {
        counted.n += 1;
        return write(...args);
      }) as typeof conn.stream.write;
      return counted;
    });
    const before = [a.frames.length, b.frames.length] as const;
    r.hub.publish('trades:X', [{ price: '1' }]);
    r.hub.publish('depth:X', { bids: [['1', '2']] });
    r.hub.send(r.connections[0]!, { type: 'pong', time: 1 });
    await until(() => a.frames.length >= before[0] + 3 && b.frames.length >= before[1] + 2);
    expect(writes.map((w) => w.n)).toEqual([1, 1]);
    const fa = a.frames.slice(before[0]);
    const fb = b.frames.slice(before[1]);
    // the connection's own frame first, then the shared ones, identical for both
    expect(JSON.parse(String(fa[0]))).toEqual([{ type: 'pong', time: 1 }]);
    expect(fa.slice(1).map(String)).toEqual(fb.map(String));
    expect(fb.map((f) => (JSON.parse(String(f)) as Array<{ channel: string }>)[0]!.channel)).toEqual([
      'trades:X',
      'depth:X',
    ]);
  });

  it('sends an update on a quiet feed at once, and batches a busy one to one frame per flush interval', async () => {
    const r = await rig({ flushMs: 2000 });
    const a = await client(r.url);
    a.ws.send(JSON.stringify({ op: 'subscribe', channel: 'trades:Q' }));
    await until(() => a.messages.length >= 1);
    await new Promise((res) => setTimeout(res, 2100)); // the last flush is now older than the interval

    const sent = Date.now();
    r.hub.publish('trades:Q', { n: 1 });
    r.hub.publish('trades:Q', { n: 2 });
    await until(() => a.messages.length >= 3, 5000);
    // both published in one turn: one frame, long before the periodic flush (about 1.9 s away)
    expect(Date.now() - sent).toBeLessThan(1500);
    expect(a.frames).toHaveLength(2);

    // right after a flush, further updates wait for the interval and leave together
    r.hub.publish('trades:Q', { n: 3 });
    await new Promise((res) => setTimeout(res, 20));
    r.hub.publish('trades:Q', { n: 4 });
    await until(() => a.messages.length >= 5, 5000);
    expect(a.frames).toHaveLength(3);
    expect(seqsOf(a, 'trades:Q')).toEqual([0, 1, 2, 3, 4]);
  });

  it('a subscriber that joins mid-stream gets its snapshot first and then every update exactly once', async () => {
    let seen = 0;
    const r = await rig({}, () => ({ seen }));
    const early = await client(r.url);
    early.ws.send(JSON.stringify({ op: 'subscribe', channel: 'depth:X' }));
    await until(() => early.messages.length >= 1);
    const timer = setInterval(() => r.hub.publish('depth:X', { n: ++seen }), 3);
    await new Promise((res) => setTimeout(res, 50));
    const late = await client(r.url);
    late.ws.send(JSON.stringify({ op: 'subscribe', channel: 'depth:X' }));
    await new Promise((res) => setTimeout(res, 150));
    clearInterval(timer);
    await new Promise((res) => setTimeout(res, 80));
    for (const c of [early, late]) {
      const seqs = seqsOf(c, 'depth:X');
      expect(c.messages.find((m) => m.channel === 'depth:X')!.type).toBe('snapshot');
      for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1]! + 1);
      expect(seqs.at(-1)).toBe(seen);
    }
  });

  it('a client that stops reading is held back, then resynced with a fresh snapshot when it reads again', async () => {
    const r = await rig({ sendBudgetBytes: 64 * 1024, maxBufferedBytes: 64 * 1024 * 1024, stalledMs: 60_000 }, () =>
      r.hub.seq('trades:X'),
    );
    const c = await client(r.url);
    c.ws.send(JSON.stringify({ op: 'subscribe', channel: 'trades:X' }));
    await until(() => c.messages.length >= 1);
    // the client's socket stops reading: the kernel buffers fill, then the server's
    (c.ws as unknown as { _socket: net.Socket })._socket.pause();
    const big = 'x'.repeat(32 * 1024);
    const conn = r.connections[0]!;
    for (let i = 0; i < 400 && conn.lost.size === 0; i++) {
      r.hub.publish('trades:X', [big]);
      await new Promise((res) => setTimeout(res, 25));
    }
    expect(conn.lost.has('trades:X')).toBe(true);
    // held back: what the server buffers for it stays near the budget, not the whole stream
    for (let i = 0; i < 20; i++) r.hub.publish('trades:X', [big]);
    await new Promise((res) => setTimeout(res, 100));
    expect(conn.socket.bufferedAmount).toBeLessThan(64 * 1024 + 2 * 33 * 1024);
    const last = r.hub.seq('trades:X');
    (c.ws as unknown as { _socket: net.Socket })._socket.resume();
    await until(() => c.messages.some((m) => m.resync === true), 10_000);
    const resync = c.messages.find((m) => m.resync)!;
    expect(resync.type).toBe('snapshot');
    expect(resync.seq).toBeGreaterThanOrEqual(last);
    r.hub.publish('trades:X', ['after']);
    await until(() => c.messages.at(-1)?.seq === r.hub.seq('trades:X'));
    // from the resync on, the sequence is whole again
    const after = seqsOf(c, 'trades:X').slice(c.messages.filter((m) => m.seq !== undefined).indexOf(resync));
    for (let i = 1; i < after.length; i++) expect(after[i]).toBe(after[i - 1]! + 1);
    expect(r.hub.stats.resyncs).toBe(1);
  });

  it('closes a client that never reads with 4008 and keeps the server memory bounded', async () => {
    const r = await rig({ sendBudgetBytes: 32 * 1024, maxBufferedBytes: 256 * 1024, stalledMs: 1000 });
    const port = Number(new URL(r.url).port);
    // a raw client: completes the handshake, subscribes, and never reads again
    const sock = net.connect(port, '127.0.0.1');
    await once(sock, 'connect');
    sock.write(
      'GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    await once(sock, 'data');
    sock.write(maskedText(JSON.stringify({ op: 'subscribe', channel: 'trades:X' })));
    await until(() => r.connections.length === 1 && r.hub.subscriberCount('trades:X') === 1);
    sock.pause();
    const reader = await client(r.url);
    reader.ws.send(JSON.stringify({ op: 'subscribe', channel: 'trades:X' }));
    await until(() => r.hub.subscriberCount('trades:X') === 2);
    const big = 'y'.repeat(64 * 1024);
    let maxBuffered = 0;
    const slow = r.connections[0]!;
    for (let i = 0; i < 600 && r.hub.stats.slowClosed === 0; i++) {
      r.hub.publish('trades:X', [big]);
      maxBuffered = Math.max(maxBuffered, slow.socket.bufferedAmount);
      await new Promise((res) => setTimeout(res, 10));
    }
    expect(r.hub.stats.slowClosed).toBe(1);
    expect(r.hub.subscriberCount('trades:X')).toBe(1);
    // never more than the hard limit plus what one flush writes
    expect(maxBuffered).toBeLessThan(256 * 1024 + 2 * 66 * 1024);
    // the reading client saw every update, no gap
    await until(() => seqsOf(reader, 'trades:X').at(-1) === r.hub.seq('trades:X'));
    const seqs = seqsOf(reader, 'trades:X');
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1]! + 1);
    sock.destroy();
    expect(CLOSE_SLOW_CONSUMER).toBe(4008);
  });

  it('drops a connection that stops answering pings, and closes one without subscriptions', async () => {
    const r = await rig({ pingIntervalMs: 1000, idleTimeoutMs: 1000 });
    const deaf = await client(r.url, { autoPong: false });
    deaf.ws.send(JSON.stringify({ op: 'subscribe', channel: 'trades:X' }));
    const idle = await client(r.url);
    const live = await client(r.url);
    live.ws.send(JSON.stringify({ op: 'subscribe', channel: 'trades:X' }));
    const idleClose = once(idle.ws, 'close');
    const deafClose = once(deaf.ws, 'close');
    const [code, reason] = (await idleClose) as [number, Buffer];
    expect(code).toBe(CLOSE_IDLE);
    expect(String(reason)).toMatch(/idle/);
    await deafClose;
    expect(r.hub.stats.deadClosed).toBe(1);
    expect(live.ws.readyState).toBe(WebSocket.OPEN);
  });
});

/** A client→server text frame (clients must mask). */
function maskedText(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const header = payload.length < 126 ? Buffer.from([0x81, 0x80 | payload.length]) : Buffer.alloc(0);
  const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([header, mask, body]);
}
