import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { listenUrl, startupReport } from './startup-report.ts';

describe('start-up report', () => {
  it('names the addresses the server really listens on, not PUBLIC_URL', () => {
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:8080' });
    const [first] = startupReport(config, [{ address: '127.0.0.1', family: 'IPv4', port: 18221 }], 'pglite');
    expect(first).toBe('Tidemark is listening on http://127.0.0.1:18221 (database: pglite)');
    expect(listenUrl({ address: '::1', family: 'IPv6', port: 9 })).toBe('http://[::1]:9');
    expect(listenUrl({ address: '0.0.0.0', family: 'IPv4', port: 8080 })).toBe('http://0.0.0.0:8080 (every interface)');
  });

  it('says which development tools are on and where codes go', () => {
    const off = startupReport(loadConfig({}), [], 'pglite').join('\n');
    expect(off).toMatch(/Development tools: off/);
    expect(off).toMatch(/verification codes are printed in this log/);
    const on = startupReport(loadConfig({ DEV_TOOLS: 'outbox,price' }), [], 'pglite').join('\n');
    expect(on).toMatch(/on this machine only: outbox \(GET \/api\/dev\/outbox\), price/);
  });
});
