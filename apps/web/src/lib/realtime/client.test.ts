import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient } from './client.ts';
import type { DepthBook } from './depth-book.ts';

/** A stand-in for the browser WebSocket: records what the client sends and lets the test push frames. */
class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(messages: unknown[]) {
    this.onmessage?.({ data: JSON.stringify(messages) });
  }
}

describe('RealtimeClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('subscribes once per channel, applies snapshot + deltas, resnapshots on a gap', () => {
    const client = new RealtimeClient('ws://test/ws');
    const seen: number[] = [];
    const stopA = client.subscribe('depth:BTCUSDT', () => seen.push(1));
    const stopB = client.subscribe('depth:BTCUSDT', () => seen.push(2));
    const ws = FakeSocket.last!;
    ws.open();
    expect(ws.sent).toEqual([{ op: 'subscribe', channels: ['depth:BTCUSDT'] }]);

    ws.push([
      { type: 'snapshot', channel: 'depth:BTCUSDT', seq: 10, data: { bids: [['100', '1']], asks: [['101', '2']] } },
    ]);
    ws.push([
      {
        type: 'update',
        channel: 'depth:BTCUSDT',
        seq: 11,
        data: {
          bids: [
            ['100', '0'],
            ['99', '3'],
          ],
          asks: [],
        },
      },
    ]);
    expect(client.getState<DepthBook>('depth:BTCUSDT')).toEqual({ bids: [['99', '3']], asks: [['101', '2']] });
    expect(seen).toEqual([1, 2, 1, 2]);

    // seq 13 after 11: an update was lost → unsubscribe + subscribe for a fresh snapshot; the delta is not applied
    ws.push([{ type: 'update', channel: 'depth:BTCUSDT', seq: 13, data: { bids: [['98', '1']], asks: [] } }]);
    expect(client.gaps).toBe(1);
    expect(ws.sent.slice(-2)).toEqual([
      { op: 'unsubscribe', channels: ['depth:BTCUSDT'] },
      { op: 'subscribe', channels: ['depth:BTCUSDT'] },
    ]);
    expect(client.getState<DepthBook>('depth:BTCUSDT')!.bids).toEqual([['99', '3']]);

    stopA();
    expect(ws.sent.at(-1)).toEqual({ op: 'subscribe', channels: ['depth:BTCUSDT'] }); // still one reader
    stopB();
    expect(ws.sent.at(-1)).toEqual({ op: 'unsubscribe', channels: ['depth:BTCUSDT'] });
  });

  it('reconnects after a drop and subscribes every channel again', () => {
    const client = new RealtimeClient('ws://test/ws');
    client.subscribe('trades:ETHUSDT', () => {});
    const first = FakeSocket.last!;
    first.open();
    first.close();
    expect(client.status).toBe('reconnecting');
    vi.advanceTimersByTime(20_000);
    const second = FakeSocket.last!;
    expect(second).not.toBe(first);
    second.open();
    expect(second.sent).toEqual([{ op: 'subscribe', channels: ['trades:ETHUSDT'] }]);
    expect(client.status).toBe('open');
  });
});
