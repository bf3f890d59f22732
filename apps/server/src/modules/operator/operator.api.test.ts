import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { totpCode } from '../../platform/crypto/totp.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
const server = serverForSuite({ clock });

describe('operators', () => {
  it('signs in with password and TOTP, and refuses a wrong code in the caller’s language', async () => {
    const admin = await server.createOperator(['super_admin']);
    const created = await server.api(
      '/admin/operators/create',
      { email: 'Support@Example.com', name: 'Support', password: 'a-long-password-1', roles: ['support'] },
      { token: admin.token },
    );
    expect(created.status).toBe(200);
    expect(created.body.data.operator).toMatchObject({ email: 'support@example.com', roles: ['support'] });
    const secret: string = created.body.data.totpSecret;

    const wrong = await server.api(
      '/admin/auth/login',
      { email: 'support@example.com', password: 'a-long-password-1', totpCode: '000000' },
      { locale: 'zh_cn' },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'BAD_CREDENTIALS', message: '邮箱、密码或验证器代码错误' });

    const ok = await server.api('/admin/auth/login', {
      email: 'support@example.com',
      password: 'a-long-password-1',
      totpCode: totpCode(secret, clock),
    });
    expect(ok.status).toBe(200);
    const me = await server.api('/admin/me', {}, { token: `Bearer ${ok.body.data.token}` });
    expect(me.body.data.email).toBe('support@example.com');
  });

  it('keeps role-protected calls from operators without the role', async () => {
    const support = await server.createOperator(['support']);
    const res = await server.api('/admin/operators/list', {}, { token: support.token, locale: 'fr' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('FORBIDDEN');
    expect(res.body.message).toBe('Vous n’avez pas l’autorisation de faire cela');
  });

  it('refuses user tokens and missing tokens on operator calls', async () => {
    const user = await server.createUser();
    expect((await server.api('/admin/me', {}, { token: user.token })).status).toBe(401);
    expect((await server.api('/admin/me', {})).status).toBe(401);
  });

  it('rejects an invalid create body with a message naming the field, and creates nothing', async () => {
    const admin = await server.createOperator(['super_admin']);
    const before = await server.api('/admin/operators/list', {}, { token: admin.token });
    const res = await server.api(
      '/admin/operators/create',
      { email: 'x@example.com', name: 'X', password: 'short', roles: ['support'] },
      { token: admin.token },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'VALIDATION', field: 'password' });
    expect(res.body.message).toBe('Password must be at least 12 characters');
    const after = await server.api('/admin/operators/list', {}, { token: admin.token });
    expect(after.body.data.operators.length).toBe(before.body.data.operators.length);
  });

  it('records actions in an audit log the database will not let anyone rewrite', async () => {
    const admin = await server.createOperator(['super_admin']);
    await server.api('/admin/auth/logout', {}, { token: admin.token });
    expect((await server.api('/admin/me', {}, { token: admin.token })).status).toBe(401);
    const other = await server.createOperator(['super_admin']);
    const log = await server.api('/admin/audit/list', { limit: 50 }, { token: other.token });
    const actions = log.body.data.entries.map((e: { action: string }) => e.action);
    expect(actions).toContain('operator.logout');
    expect(actions).toContain('operator.login');
    await expect(server.built.ctx.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(server.built.ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
