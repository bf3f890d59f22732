import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { requestIdGenerator, requestLoggerFactory } from './request-identity.ts';

const request = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage;

function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _enc, next) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      next();
    },
  });
  return { log: pino({ level }, sink), lines };
}

describe('request ids', () => {
  it('keeps a plain id the caller sent and makes a new one otherwise', () => {
    const next = requestIdGenerator();
    expect(next(request({ 'x-request-id': 'abc-12345' }))).toBe('abc-12345');
    // not a plain token: replaced
    expect(next(request({ 'x-request-id': 'bad id <script>' }))).not.toBe('bad id <script>');
    const ids = new Set(Array.from({ length: 1000 }, () => next(request())));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
  });

  it('gives two processes (two generators) ids that do not meet', () => {
    const a = requestIdGenerator();
    const b = requestIdGenerator();
    expect(a(request())).not.toBe(b(request()));
  });
});

describe('request logger', () => {
  it('writes with the request id at enabled levels and drops the rest', async () => {
    const { log, lines } = capture('warn');
    const reqLog = requestLoggerFactory(log, { reqId: 'r-1' }, {}) as unknown as Logger;
    reqLog.info('not written');
    reqLog.debug('not written');
    reqLog.warn({ orderId: 7 }, 'written');
    reqLog.error(new Error('boom'), 'failed');
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['written', 'r-1'],
      ['failed', 'r-1'],
    ]);
    expect(lines[0]!.orderId).toBe(7);
    expect(reqLog.isLevelEnabled('info')).toBe(false);
    expect(reqLog.isLevelEnabled('error')).toBe(true);
    expect(reqLog.level).toBe('warn');
  });

  it("follows a route's own log level, a changed level and a child's bindings", async () => {
    const { log, lines } = capture('warn');
    const reqLog = requestLoggerFactory(log, { reqId: 'r-2' }, { level: 'info' });
    reqLog.info('route level');
    reqLog.child({ part: 'inner' }).warn('from a child');
    reqLog.level = 'error';
    reqLog.warn('no longer');
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.msg, l.reqId, l.part])).toEqual([
      ['route level', 'r-2', undefined],
      ['from a child', 'r-2', 'inner'],
    ]);
  });
});
