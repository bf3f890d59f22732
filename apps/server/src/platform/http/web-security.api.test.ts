import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { loadConfig } from '../config.ts';
import type { Api } from '../module.ts';
import { installWebSecurity } from './web-security.ts';

/** A raw HTTP GET (fetch would undo the compression this test looks at). */
function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const SCRIPT = `console.log(${JSON.stringify('tidemark '.repeat(2000))});\n`;

describe('the web app as the server sends it', () => {
  let s: TestServer;
  beforeAll(async () => {
    // a small build: index.html, a hashed script and the service worker, compressed as `npm run build` does
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
    // a screen's start-up page (apps/web/build/route-shells.ts)
    fs.mkdirSync(path.join(dist, 'shells'));
    fs.writeFileSync(
      path.join(dist, 'shells', 'home.html'),
      '<!doctype html><html><head></head><body><div id="root"><h1 class="hero__title">Home</h1></div></body></html>',
    );
    const script = new URL('../../../../../scripts/compress-web.mjs', import.meta.url).pathname;
    execFileSync(process.execPath, [script, dist]);
    s = await startTestServer({ env: { WEB_DIST_DIR: dist } });
  }, 180_000);
  afterAll(async () => {
    await s?.close();
  });

  it('sends the security headers with the page', async () => {
    const res = await get(`${s.url}/`);
    expect(res.status).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // served over plain http here: no HSTS
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('has index.html revalidated and hashed assets kept for a year', async () => {
    for (const p of ['/', '/trade/BTC_USDT']) {
      const page = await get(`${s.url}${p}`);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body.toString()).toContain('<div id="root">');
    }
    const asset = await get(`${s.url}/assets/index-AbC123.js`);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(`${s.url}/sw.js`)).headers['cache-control']).toBe('no-cache');
  });

  it("sends a screen's start-up page for the paths it draws, index.html for the others", async () => {
    for (const p of ['/home', '/home/', '/home?tab=spot']) {
      const page = await get(`${s.url}${p}`);
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body.toString()).toContain('hero__title');
    }
    for (const p of ['/homepage', '/market', '/', '/x/home']) {
      const page = await get(`${s.url}${p}`);
      expect(page.body.toString()).not.toContain('hero__title');
      expect(page.body.toString()).toContain('/assets/index-AbC123.js');
    }
  });

  it('sends the compressed copy the browser accepts', async () => {
    const br = await get(`${s.url}/assets/index-AbC123.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    const gz = await get(`${s.url}/assets/index-AbC123.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await get(`${s.url}/assets/index-AbC123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('never compresses or caches the API', async () => {
    const res = await get(`${s.url}/api/health`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('keeps CORS closed by default', async () => {
    const res = await get(`${s.url}/api/health`, { origin: 'https://elsewhere.example' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await get(
      `${s.url}/api/xb/v1/auth/login`,
      { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
      'OPTIONS',
    );
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('over https with CORS_ORIGINS', () => {
  let app: Api;
  let url: string;
  beforeAll(async () => {
    const config = loadConfig({ PUBLIC_URL: 'https://exchange.example.com', CORS_ORIGINS: 'https://app.example.com' });
    app = Fastify() as unknown as Api;
    installWebSecurity(app, config);
    app.get('/api/health', async () => ({ ok: true }));
    app.post('/api/xb/v1/auth/login', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends HSTS and asks browsers to upgrade insecure requests', async () => {
    const res = await get(`${url}/api/health`);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('lets a listed origin call the API, and no other', async () => {
    const ok = await get(`${url}/api/health`, { origin: 'https://app.example.com' });
    expect(ok.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(ok.headers.vary).toMatch(/origin/i);
    const preflight = await get(
      `${url}/api/xb/v1/auth/login`,
      { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST');
    const other = await get(`${url}/api/health`, { origin: 'https://app.example.com.evil.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
