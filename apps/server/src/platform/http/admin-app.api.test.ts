import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-admin-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  server = await startTestServer({ env: { ADMIN_DIST_DIR: dist } });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the operator console at /admin', () => {
  it('serves its own index for every console route, revalidated', async () => {
    for (const p of ['/admin/', '/admin/kyc', '/admin/setup']) {
      const res = await fetch(`${server.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toContain('<title>console</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const bare = await fetch(`${server.url}/admin`, { redirect: 'manual' });
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe('/admin/');
  });

  it('serves its hashed assets for a year, and leaves the API alone', async () => {
    const asset = await fetch(`${server.url}/admin/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await fetch(`${server.url}/api/admin/nothing-here`, { method: 'POST' });
    expect(api.status).toBe(404);
  });
});
