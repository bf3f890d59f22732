import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { users } from './user.schema.ts';
import { service } from '../../platform/context.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock(Date.UTC(2026, 10, 26, 12));
let support: string;
let compliance: string;
let finance: string;

const server = serverForSuite({ clock });
beforeAll(async () => {
  support = (await server.createOperator(['support'])).token;
  compliance = (await server.createOperator(['compliance'])).token;
  finance = (await server.createOperator(['finance'])).token;
});

const withdraw = (token: string) =>
  server.api(
    '/xb/v1/wallet/withdraw',
    {
      requestId: `wd-${Math.random().toString(36).slice(2)}`,
      currency: 'USDT',
      chain: 'TRC20',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      amount: '10',
      fundPassword: '246810',
      code: '000000',
    },
    { token },
  );

describe('users in the back office', () => {
  it('finds a user by id, e-mail, phone or invite code, and shows the profile without secrets', async () => {
    const u = await server.createUser({ email: 'findme-users@example.com', phone: '5551234567' });
    const [row] = await server.built.ctx.db.select().from(users).where(eq(users.id, u.id));
    const search = async (query: string) =>
      (await server.api('/admin/users/search', { query }, { token: support })).body.data.items.map(
        (i: { id: number }) => i.id,
      );
    expect(await search(String(u.id))).toContain(u.id);
    expect(await search('FINDME-users')).toEqual([u.id]);
    expect(await search('555123')).toEqual([u.id]);
    expect(await search(row!.inviteCode.toLowerCase())).toEqual([u.id]);
    // a LIKE wildcard is taken literally
    expect(await search('%')).toEqual([]);

    const detail = await server.api('/admin/users/detail', { userId: u.id }, { token: finance });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      id: u.id,
      email: 'findme-users@example.com',
      status: 'active',
      withdrawFreeze: null,
    });
    expect(detail.body.data.sessions).toHaveLength(1);
    expect(JSON.stringify(detail.body.data)).not.toMatch(/passwordHash|totpSecret/);
    expect((await server.api('/admin/users/detail', { userId: 999_999 }, { token: support })).status).toBe(404);
  });

  it('shows a user’s balances, records, orders, positions and contracts to the desks that answer users', async () => {
    const u = await server.createUser();
    for (const [path, body] of [
      ['/admin/wallet/user-assets', { userId: u.id }],
      ['/admin/wallet/user-records', { userId: u.id }],
      ['/admin/spot/user-orders', { userId: u.id }],
      ['/admin/futures/user-positions', { userId: u.id }],
      ['/admin/cycle/user-orders', { userId: u.id }],
      ['/admin/earn/user-orders', { userId: u.id }],
    ] as const) {
      const res = await server.api(path, body, { token: support });
      expect(res.status, path).toBe(200);
    }
    const content = (await server.createOperator(['content'])).token;
    expect((await server.api('/admin/wallet/user-assets', { userId: u.id }, { token: content })).status).toBe(403);
  });

  it('pauses withdrawals until an operator lifts the pause, with the reason in the audit log', async () => {
    const u = await server.createUser();
    const body = { userId: u.id, frozen: true, reason: 'Chargeback under investigation' };
    // outside compliance's area
    expect((await server.api('/admin/users/withdrawals/freeze', body, { token: support })).status).toBe(403);
    expect((await server.api('/admin/users/withdrawals/freeze', body, { token: finance })).status).toBe(403);

    const frozen = await server.api('/admin/users/withdrawals/freeze', body, { token: compliance });
    expect(frozen.body.data.withdrawFreeze).toMatchObject({ byOperator: true });
    const refused = await withdraw(u.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'WITHDRAW_FROZEN',
      message: 'Withdrawals are paused on this account. Please contact support',
    });

    const lifted = await server.api(
      '/admin/users/withdrawals/freeze',
      { userId: u.id, frozen: false, reason: 'Cleared' },
      { token: compliance },
    );
    expect(lifted.body.data.withdrawFreeze).toBeNull();
    expect((await withdraw(u.token)).body.error).not.toBe('WITHDRAW_FROZEN');

    const admin = (await server.createOperator(['super_admin'])).token;
    const audit = await server.api('/admin/audit/list', { targetId: String(u.id) }, { token: admin });
    expect(audit.body.data.entries.map((e: { action: string }) => e.action).sort()).toEqual([
      'user.withdrawals.freeze',
      'user.withdrawals.unfreeze',
    ]);
    expect(JSON.stringify(audit.body.data.entries)).toContain('Chargeback under investigation');
  });

  it('keeps a freeze after a security change when an operator lifts only their own', async () => {
    const u = await server.createUser();
    const until = new Date(clock.now() + 3600_000);
    await server.built.ctx.db
      .update(users)
      .set({ withdrawFrozenUntil: until, withdrawFreezeReason: 'password' })
      .where(eq(users.id, u.id));
    await server.api(
      '/admin/users/withdrawals/freeze',
      { userId: u.id, frozen: false, reason: 'Not ours to lift' },
      { token: compliance },
    );
    const detail = await server.api('/admin/users/detail', { userId: u.id }, { token: support });
    expect(detail.body.data.withdrawFreeze).toEqual({ until: until.getTime(), byOperator: false });
  });

  it('ends one session from the support desk, and disabling signs the user out and refuses the login', async () => {
    const u = await server.createUser({ email: 'disable-me@example.com', password: 'abc12345' });
    const second = await server.createUser();
    const detail = await server.api('/admin/users/detail', { userId: u.id }, { token: support });
    const sessionId = detail.body.data.sessions[0].id as number;
    // the session must belong to the user named
    expect(
      (await server.api('/admin/users/sessions/revoke', { userId: second.id, sessionId }, { token: support })).status,
    ).toBe(404);
    expect(
      (await server.api('/admin/users/sessions/revoke', { userId: u.id, sessionId }, { token: finance })).status,
    ).toBe(403);
    const revoked = await server.api('/admin/users/sessions/revoke', { userId: u.id, sessionId }, { token: support });
    expect(revoked.status).toBe(200);
    expect((await server.api('/xb/v1/wallet/assets', {}, { token: u.token })).status).toBe(401);

    const login = () =>
      server.api('/xb/v1/auth/login', { type: 'email', account: 'disable-me@example.com', password: 'abc12345' });
    const session = (await login()).body.data.token as string;
    const disable = { userId: u.id, status: 'frozen', reason: 'Fraud ring' };
    expect((await server.api('/admin/users/status', disable, { token: support })).status).toBe(403);
    expect((await server.api('/admin/users/status', disable, { token: compliance })).status).toBe(200);
    expect((await server.api('/xb/v1/wallet/assets', {}, { token: session })).status).toBe(401);
    expect((await login()).body.error).toBe('ACCOUNT_FROZEN');
    // the account's bot keys stop signing too, and sign again once it is active
    const keys = service(server.built.ctx, 'apiKeys');
    const key = await keys.create(u.id, { label: 'bot', permissions: ['read'] });
    expect((await keys.resolve(key.apiKey))?.active).toBe(false);

    await server.api('/admin/users/status', { ...disable, status: 'active', reason: 'Cleared' }, { token: compliance });
    expect((await login()).status).toBe(200);
    expect((await keys.resolve(key.apiKey))?.active).toBe(true);
  });

  it('refuses a bad body before doing anything', async () => {
    const u = await server.createUser();
    for (const body of [
      { userId: u.id, frozen: true, reason: '' },
      { userId: u.id, frozen: 'yes', reason: 'x' },
      { userId: u.id, frozen: true, reason: 'x', extra: 1 },
    ]) {
      expect((await server.api('/admin/users/withdrawals/freeze', body, { token: compliance })).status).toBe(400);
    }
    expect(
      (await server.api('/admin/users/status', { userId: u.id, status: 'banned', reason: 'x' }, { token: compliance }))
        .status,
    ).toBe(400);
  });
});
