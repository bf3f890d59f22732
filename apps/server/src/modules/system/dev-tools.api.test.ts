import { describe, expect, it } from 'vitest';
import { tempToken } from '../account/account.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

/**
 * The development tools answer only when switched on and only to a client on this machine. A client
 * elsewhere on the network is simulated with Fastify's inject, which sets the socket's peer address
 * (a header could not: the check reads the socket).
 */
describe('development tools switched on', () => {
  const s = serverForSuite({ env: { DEV_TOOLS: 'outbox,price', TRUSTED_PROXIES: '127.0.0.2' } }, 180_000);

  it('answer a client on this machine over HTTP', async () => {
    const res = await s.api('/dev/outbox', null);
    expect(res.status).toBe(200);
    expect(res.body.data.messages).toEqual([]);
  });

  it('are absent for a client elsewhere on the network, whatever headers it sends', async () => {
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }, { host: 'localhost' }]) {
      const res = await s.built.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        remoteAddress: '192.0.2.10',
        headers,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND', data: null });
    }
    const price = await s.built.app.inject({
      method: 'POST',
      url: '/api/dev/price/set',
      remoteAddress: '2001:db8::7',
      payload: { instrument: 'BTC', price: '1' },
    });
    expect(price.statusCode).toBe(404);
  });

  it('are absent for a remote client forwarded by a trusted proxy on this machine', async () => {
    const res = await s.built.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: '127.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.4' },
    });
    expect(res.statusCode).toBe(404);
    const local = await s.built.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: '::ffff:127.0.0.1',
    });
    expect(local.statusCode).toBe(200);
  });

  it('are not registered unless named: the clock is off here', async () => {
    const res = await s.api('/dev/clock/advance', { ms: 1000 });
    expect(res.status).toBe(404);
  });
});

describe('development tools by default', () => {
  const s = serverForSuite({ env: { DEV_TOOLS: '' } }, 180_000);

  it('are all absent, even on this machine', async () => {
    expect((await s.api('/dev/outbox', null)).status).toBe(404);
    expect((await s.api('/dev/clock/advance', { ms: 1 })).status).toBe(404);
    expect((await s.api('/dev/price/set', { instrument: 'BTC', price: '1' })).status).toBe(404);
  });

  it('still keep the codes for the log: a newcomer can sign up from the server log', async () => {
    const res = await s.api('/xb/v1/common/send/email', {
      email: 'newcomer@example.com',
      purpose: 'register',
      tempToken: await tempToken(s),
    });
    expect(res.status).toBe(200);
    expect(s.built.ctx.outbox.list('newcomer@example.com')).toHaveLength(1);
  });
});
