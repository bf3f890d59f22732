import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSmsSender } from './sms-sender.ts';

/** The HTTP SMS adapter against a real local HTTP server standing in for the provider. */
let server: http.Server;
let url: string;
const received: Array<{ auth: string | undefined; body: unknown }> = [];
let failNext = false;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
      res.statusCode = failNext ? 502 : 200;
      failNext = false;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('HTTP SMS provider adapter', () => {
  it('posts the number and text as JSON with the bearer token', async () => {
    await httpSmsSender(url, 'secret-token').send('+15551234567', 'Your code is 123456');
    expect(received.at(-1)).toEqual({
      auth: 'Bearer secret-token',
      body: { to: '+15551234567', text: 'Your code is 123456' },
    });
  });

  it('fails loudly when the provider refuses', async () => {
    failNext = true;
    await expect(httpSmsSender(url, undefined).send('+15551234567', 'x')).rejects.toThrow(/502/);
  });
});
