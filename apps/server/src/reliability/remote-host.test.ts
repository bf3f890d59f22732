import fs from 'node:fs';
import { freePort } from '../testing/free-port.ts';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteHost, namespacesAvailable, type RemoteHost } from '../testing/network-namespace.ts';
import { startServer, stopServer, type RunningServer } from './server-process.ts';

/**
 * The exchange as `npm start` runs it (development, listening on every address), probed from a second host
 * over a real network: a network namespace with its own address, so the server's socket sees a client that is
 * not on this machine. The development tools are all switched on — the worst case — and must still answer
 * nobody but this machine; a forwarded header must not make the remote host local nor escape a rate limit.
 * Needs root and `ip netns`: elsewhere the same rules are covered by dev-tools.api.test.ts and
 * client-address.api.test.ts with simulated peer addresses.
 */
const canRun = namespacesAvailable();
/** Headers a remote client might send to pass for this machine. */
const HEADERS: Array<Record<string, string>> = [
  {},
  { 'x-forwarded-for': '127.0.0.1' },
  { host: 'localhost' },
  { 'x-real-ip': '::1' },
];

describe.skipIf(!canRun)('a host elsewhere on the network', () => {
  let remote: RemoteHost;
  let server: RunningServer;
  let port: number;
  let dataDir: string;
  const remoteUrl = (p: string) => `http://${remote.serverAddress}:${port}${p}`;

  beforeAll(async () => {
    remote = createRemoteHost(1);
    port = await freePort('0.0.0.0');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-remote-'));
    server = await startServer({
      port,
      dataDir,
      databaseUrl: null,
      env: { HOST: '0.0.0.0', DEV_TOOLS: 'outbox,clock,price', RATE_LIMIT_ENABLED: 'true' },
    });
  }, 300_000);
  afterAll(async () => {
    if (server) await stopServer(server.proc, 'SIGTERM');
    remote?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reaches the exchange over the network', async () => {
    const health = await remote.curl(remoteUrl('/api/health'));
    expect(health.status).toBe(200);
  });

  it('gets none of the development tools, which this machine itself does get', async () => {
    const local = await fetch(`http://127.0.0.1:${port}/api/dev/outbox`);
    expect(local.status).toBe(200);

    for (const headers of HEADERS) {
      const outbox = await remote.curl(remoteUrl('/api/dev/outbox'), { headers });
      expect(outbox.status, JSON.stringify(headers)).toBe(404);
      expect(outbox.body).not.toContain('messages');
    }
    const price = await remote.curl(remoteUrl('/api/dev/price/set'), {
      method: 'POST',
      json: { instrument: 'BTC', price: '1' },
    });
    expect(price.status).toBe(404);
    const clock = await remote.curl(remoteUrl('/api/dev/clock/advance'), { method: 'POST', json: { ms: 1000 } });
    expect(clock.status).toBe(404);
  });

  it('cannot escape the login limit by sending a different X-Forwarded-For each time', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await remote.curl(remoteUrl('/api/admin/auth/login'), {
        method: 'POST',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        json: { email: `nobody-${i}@example.com`, password: 'wrong-password', totpCode: '000000' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('gets the security headers on every answer', async () => {
    const res = await remote.curl(remoteUrl('/api/health'));
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toContain("'unsafe-inline' 'unsafe-eval'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
