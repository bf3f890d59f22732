import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { totpCode } from '../../platform/crypto/totp.ts';
import { serverForSuite, startTestServer } from '../../testing/test-server.ts';
import { csvField } from './audit.routes.ts';

const clock = new ManualClock(Date.UTC(2026, 10, 24, 12));
const server = serverForSuite({ clock });

async function newOperator(token: string, roles: string[]) {
  const email = `op-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await server.api(
    '/admin/operators/create',
    { email, name: 'Op', password: 'a-long-password-1', roles },
    { token },
  );
  return { email, id: res.body.data.operator.id as number, secret: res.body.data.totpSecret as string };
}

/** The operator's own sign-in, with the password newOperator gave it and a fresh authenticator code. */
const signIn = (op: { email: string; secret: string }) =>
  server.api('/admin/auth/login', {
    email: op.email,
    password: 'a-long-password-1',
    totpCode: totpCode(op.secret, clock),
  });

describe('managing operators', () => {
  it('changes roles and disables an operator, whose sessions end at once; all audited', async () => {
    const admin = await server.createOperator(['super_admin']);
    const op = await newOperator(admin.token, ['support']);
    const login = await signIn(op);
    const opToken = login.body.data.token;

    const promoted = await server.api(
      '/admin/operators/update',
      { id: op.id, roles: ['finance'] },
      { token: admin.token },
    );
    expect(promoted.body.data.roles).toEqual(['finance']);
    expect((await server.api('/admin/wallet/adjustments', {}, { token: opToken })).status).toBe(200);

    await server.api('/admin/operators/update', { id: op.id, active: false }, { token: admin.token });
    expect((await server.api('/admin/me', {}, { token: opToken })).status).toBe(401);

    const audit = await server.api(
      '/admin/audit/list',
      { action: 'operator.update', targetId: String(op.id) },
      { token: admin.token },
    );
    expect(audit.body.data.entries).toHaveLength(2);
    expect(audit.body.data.entries[0].detail.after).toEqual({ roles: ['finance'], active: false });
  });

  it('never leaves the exchange without an active super admin', async () => {
    const fresh = await startTestServer({ clock });
    try {
      const only = await fresh.createOperator(['super_admin']);
      const res = await fresh.api(
        '/admin/operators/update',
        { id: only.id, active: false },
        { token: only.token, locale: 'de' },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'LAST_SUPER_ADMIN', message: expect.stringContaining('Super-Admin') });
    } finally {
      await fresh.close();
    }
  });

  it('resets a locked-out operator: a new password and authenticator, old sessions ended', async () => {
    const admin = await server.createOperator(['super_admin']);
    const op = await newOperator(admin.token, ['compliance']);
    const first = await signIn(op);
    const reset = await server.api(
      '/admin/operators/reset',
      { id: op.id, password: 'another-password-2' },
      { token: admin.token },
    );
    expect(reset.status).toBe(200);
    expect(reset.body.data.totpSecret).not.toBe(op.secret);
    expect((await server.api('/admin/me', {}, { token: first.body.data.token })).status).toBe(401);
    clock.advance(30_000);
    const again = await server.api('/admin/auth/login', {
      email: op.email,
      password: 'another-password-2',
      totpCode: totpCode(reset.body.data.totpSecret, clock),
    });
    expect(again.status).toBe(200);
  });

  it('lists and revokes an operator’s own sessions; others’ only for a super admin', async () => {
    const a = await server.createOperator(['support']);
    const b = await server.createOperator(['support']);
    const mine = await server.api('/admin/operators/sessions', {}, { token: a.token });
    expect(mine.body.data.sessions).toHaveLength(1);
    expect(mine.body.data.sessions[0].current).toBe(true);
    expect((await server.api('/admin/operators/sessions', { id: b.id }, { token: a.token })).status).toBe(403);
    const sessionId = mine.body.data.sessions[0].id;
    expect((await server.api('/admin/operators/sessions/revoke', { sessionId }, { token: a.token })).status).toBe(200);
    expect((await server.api('/admin/me', {}, { token: a.token })).status).toBe(401);
  });

  it('keeps operator management from every other role', async () => {
    const finance = await server.createOperator(['finance']);
    expect((await server.api('/admin/audit/export', null, { token: finance.token })).status).toBe(403);
    for (const path of ['/admin/operators/update', '/admin/operators/reset']) {
      expect(
        (await server.api(path, { id: 1, password: 'a-long-password-1' }, { token: finance.token })).status,
        path,
      ).toBe(403);
    }
  });
});

describe('the audit log', () => {
  it('filters by operator, action and time, and exports the same filter as CSV', async () => {
    const admin = await server.createOperator(['super_admin']);
    const byAdmin = await server.api('/admin/audit/list', { operatorId: admin.id }, { token: admin.token });
    expect(byAdmin.body.data.entries.length).toBeGreaterThan(0);
    expect(byAdmin.body.data.entries.every((e: { operatorId: number }) => e.operatorId === admin.id)).toBe(true);
    // audit rows take the database's time, not the test clock: a day past both is the future
    const tomorrow = Math.max(clock.now(), Date.now()) + 86_400_000;
    const future = await server.api('/admin/audit/list', { from: tomorrow }, { token: admin.token });
    expect(future.body.data.entries).toEqual([]);

    const res = await fetch(`${server.url}/api/admin/audit/export?operatorId=${admin.id}&action=operator.login`, {
      headers: { authorization: admin.token },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('id,time,operator_id,action,target_type,target_id,ip,detail');
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain(',operator.login,');
  });

  it('quotes CSV fields and defuses spreadsheet formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(null)).toBe('');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
  });
});
