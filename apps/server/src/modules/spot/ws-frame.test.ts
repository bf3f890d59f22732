import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { textFrame } from './ws-frame.ts';

/** Writes `bytes` raw on a fresh connection's socket and returns what a `ws` client reads as text messages. */
async function received(bytes: Buffer, count: number): Promise<string[]> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(wss, 'listening');
  wss.on('connection', (_socket, req) => req.socket.write(bytes));
  const ws = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  const messages: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) reject(new Error('binary message'));
        messages.push(String(data));
        if (messages.length === count) resolve();
      });
      ws.on('error', reject);
      ws.on('close', () => reject(new Error(`closed after ${messages.length} messages`)));
    });
  } finally {
    ws.terminate();
    await new Promise((resolve) => wss.close(resolve));
  }
  return messages;
}

describe('textFrame', () => {
  it('frames a text message with the 7-bit, 16-bit and 64-bit length forms', async () => {
    for (const length of [0, 1, 125, 126, 127, 65535, 65536, 200_000]) {
      const text = 'a'.repeat(length);
      const frame = textFrame(text);
      expect(frame[0]).toBe(0x81);
      expect(frame.length).toBe(length + (length < 126 ? 2 : length < 65536 ? 4 : 10));
      expect(await received(frame, 1)).toEqual([text]);
    }
  });

  it('counts the length in UTF-8 bytes, not characters', async () => {
    const text = JSON.stringify({ message: 'Ordre exécuté — 成交 ✓' });
    expect(await received(textFrame(text), 1)).toEqual([text]);
  });

  it('reads frames joined back to back as separate messages, in order', async () => {
    const parts = ['[1]', 'x'.repeat(300), '[{"seq":3}]'];
    expect(await received(Buffer.concat(parts.map(textFrame)), 3)).toEqual(parts);
  });
});
