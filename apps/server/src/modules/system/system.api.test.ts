import { describe, expect, it } from 'vitest';
import { serverForSuite } from '../../testing/test-server.ts';

const server = serverForSuite();

describe('platform calls', () => {
  it('answers health in the envelope', async () => {
    const res = await server.api('/health', null);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(res.body.data.database);
  });

  it('serves the mobile page configuration', async () => {
    const res = await server.api('/xb/v1/common/load/wap/config', {});
    expect(res.body).toEqual({
      code: 200,
      message: 'success',
      data: { openH5AppDownload: true, downloadUrl: '/download' },
    });
  });

  it('answers unknown API paths with a localized 404 envelope', async () => {
    const res = await server.api('/xb/v1/nothing/here', {}, { locale: 'de' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, error: 'NOT_FOUND', message: 'Nicht gefunden', data: null });
  });

  it('rejects a body that is not JSON with a 400 envelope', async () => {
    const res = await fetch(`${server.url}/api/xb/v1/common/load/wap/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', locale: 'fr' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe('VALIDATION');
    expect(body.message).toMatch(/JSON/);
  });

  it('lists development outbox messages outside production', async () => {
    const res = await server.api('/dev/outbox', null);
    expect(res.status).toBe(200);
    expect(res.body.data.messages).toEqual([]);
  });

  it('serves the OpenAPI document', async () => {
    const res = await fetch(`${server.url}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/xb/v1/common/load/wap/config');
  });

  it('echoes a request id', async () => {
    const res = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'test-request-0001' } });
    expect(res.headers.get('x-request-id')).toBe('test-request-0001');
  });
});

describe('development clock', () => {
  it('is absent unless DEV_CLOCK is on', async () => {
    const res = await server.api('/dev/clock/advance', { ms: 1000 });
    expect(res.status).toBe(404);
  });
});
