import { service } from '../../platform/context.ts';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { totpCode } from '../../platform/crypto/totp.ts';
import { serverForSuite, startTestServer } from '../../testing/test-server.ts';
import { SETUP_LINK_TTL_MS } from './operator-setup.service.ts';

const clock = new ManualClock(Date.UTC(2026, 10, 24, 12));
const links = () => service(server.built.ctx, 'operatorSetup');
const body = { email: 'First@Example.com', name: 'First', password: 'a-long-password-1' };

const server = serverForSuite({ clock });

describe('the first operator from the one-time setup link', () => {
  it('refuses a wrong token, and an expired one, in the caller’s language', async () => {
    links().issue();
    const wrong = await server.api('/admin/setup/begin', { token: 'nope', email: body.email }, { locale: 'zh_cn' });
    expect(wrong.status).toBe(410);
    expect(wrong.body).toMatchObject({ error: 'SETUP_LINK_INVALID', message: expect.stringContaining('设置链接') });

    const old = links().issue();
    clock.advance(SETUP_LINK_TTL_MS);
    expect((await server.api('/admin/setup/begin', { token: old, email: body.email })).status).toBe(410);
  });

  it('enrols the authenticator, checks its code, creates a super admin once and signs them in', async () => {
    const token = links().issue();
    const begun = await server.api('/admin/setup/begin', { token, email: body.email });
    expect(begun.status).toBe(200);
    const { totpSecret, otpauthUrl } = begun.body.data;
    expect(otpauthUrl).toContain('otpauth://totp/');
    // opening the link twice shows the same QR code
    expect((await server.api('/admin/setup/begin', { token, email: body.email })).body.data.totpSecret).toBe(
      totpSecret,
    );

    const badCode = await server.api('/admin/setup/complete', { token, ...body, totpCode: '000000' });
    expect(badCode.status).toBe(400);
    expect(badCode.body).toMatchObject({ error: 'BAD_TOTP', field: 'totpCode' });

    const code = totpCode(totpSecret, clock);
    const done = await server.api('/admin/setup/complete', { token, ...body, totpCode: code });
    expect(done.status).toBe(200);
    expect(done.body.data.operator).toMatchObject({ email: 'first@example.com', roles: ['super_admin'] });
    const me = await server.api('/admin/me', {}, { token: done.body.data.token });
    expect(me.body.data.email).toBe('first@example.com');

    // the link worked once; the code that proved the enrolment cannot sign in again (replay)
    expect((await server.api('/admin/setup/complete', { token, ...body, totpCode: code })).status).toBe(410);
    const replay = await server.api('/admin/auth/login', {
      email: body.email,
      password: body.password,
      totpCode: code,
    });
    expect([400, 401]).toContain(replay.status);
    expect(replay.body.data ?? null).toBeNull();
    clock.advance(30_000);
    const signIn = await server.api('/admin/auth/login', {
      email: body.email,
      password: body.password,
      totpCode: totpCode(totpSecret, clock),
    });
    expect(signIn.status).toBe(200);

    const audit = await server.api('/admin/audit/list', { limit: 50 }, { token: done.body.data.token });
    expect(audit.body.data.entries.map((e: { action: string }) => e.action)).toContain('operator.setup');
  });

  it('refuses any new link once an operator exists', async () => {
    const token = links().issue();
    const res = await server.api('/admin/setup/begin', { token, email: 'second@example.com' });
    expect(res.status).toBe(410);
  });
});

describe('the setup link from another machine', () => {
  it('is refused unless OPERATOR_SETUP_REMOTE says otherwise', async () => {
    const remote = await startTestServer({ clock, env: { TRUSTED_PROXIES: '127.0.0.1' } });
    try {
      const token = service(remote.built.ctx, 'operatorSetup').issue();
      const res = await remote.api(
        '/admin/setup/begin',
        { token, email: 'x@example.com' },
        { headers: { 'x-forwarded-for': '203.0.113.9' } },
      );
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('SETUP_LOCAL_ONLY');
    } finally {
      await remote.close();
    }
  });
});
