import { service } from '../../platform/context.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import {
  emailCode,
  latestCode,
  registerByEmail,
  sendEmailCode,
  smsCode,
  uniqueEmail,
  uniquePhone,
} from './account.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock();
const s = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });

const countUsers = async () => {
  const { sql } = await import('drizzle-orm');
  const r = (await s.built.ctx.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(r.rows[0]!.n);
};

describe('register', () => {
  it('by e-mail with the code from the outbox: signed in, unique 8-char invite code', async () => {
    const email = uniqueEmail('Reg');
    const code = await emailCode(s, email.toLowerCase(), 'register');
    const res = await s.api('/xb/v1/auth/register', {
      type: 'email',
      email,
      code,
      password: 'abc123',
      confirmPassword: 'abc123',
      agree: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe(email.toLowerCase());
    expect(res.body.data.user.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    const info = await s.api('/xb/v1/account/info', {}, { token: res.body.data.token });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      email: email.toLowerCase(),
      phone: null,
      creditScore: 100,
      totpEnabled: false,
      fundPasswordSet: false,
    });
  });

  it('by phone with the SMS code, with an invite code that sets the inviter', async () => {
    const inviter = await registerByEmail(s, uniqueEmail('inv'));
    const phone = uniquePhone();
    const code = await smsCode(s, phone, 'register', undefined, '44');
    const res = await s.api('/xb/v1/auth/register', {
      type: 'phone',
      countryCode: '+44',
      phone,
      code,
      password: 'pass99',
      confirmPassword: 'pass99',
      agree: true,
      inviteCode: inviter.user.inviteCode.toLowerCase(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ phone, countryCode: '44', email: null });
    const account = service(s.built.ctx, 'account');
    expect((await account.getUser(res.body.data.user.id))?.inviterId).toBe(inviter.user.id);
    expect((await account.listDirectInvitees(inviter.user.id, { page: 1, size: 10 })).total).toBe(1);
    const login = await s.api('/xb/v1/auth/login', { account: phone, countryCode: '44', password: 'pass99' });
    expect(login.status).toBe(200);
  });

  it('refuses every bad field with a localized message naming it, and creates nothing', async () => {
    const before = await countUsers();
    const base = {
      type: 'email',
      email: uniqueEmail(),
      code: '123456',
      password: 'abc123',
      confirmPassword: 'abc123',
      agree: true,
    };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: '' }, 'email', 'Please enter your e-mail address'],
      [{ email: 'not-an-email' }, 'email', 'The e-mail address is not valid'],
      [{ type: 'phone', email: undefined, phone: '' }, 'phone', 'Please enter your phone number'],
      [{ type: 'phone', email: undefined }, 'phone', 'Please enter your phone number'],
      [{ type: 'phone', email: undefined, phone: '12ab' }, 'phone', 'The phone number is not valid'],
      [
        { password: 'abcdef', confirmPassword: 'abcdef' },
        'password',
        'The password must be 6–20 characters with at least one letter and one digit; symbols are allowed, spaces are not',
      ],
      [
        { password: 'ab1', confirmPassword: 'ab1' },
        'password',
        'The password must be 6–20 characters with at least one letter and one digit; symbols are allowed, spaces are not',
      ],
      [{ confirmPassword: 'abc124' }, 'confirmPassword', 'The new password and the confirmed password do not match'],
      [{ agree: false }, 'agree', 'Please read and accept the user agreement'],
      [{ code: '12345' }, 'code', 'The verification code is incorrect or has already been used'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await s.api('/xb/v1/auth/register', { ...base, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.field, JSON.stringify(patch)).toBe(field);
      expect(res.body.message, JSON.stringify(patch)).toBe(message);
    }
    const zh = await s.api('/xb/v1/auth/register', { ...base, confirmPassword: 'x' }, { locale: 'zh_cn' });
    expect(zh.body.message).toBe('新密码与确认密码不一致');
    expect(await countUsers()).toBe(before);
  });

  it('refuses a wrong, reused or expired code and an unknown invite code; nothing is created', async () => {
    const email = uniqueEmail();
    const before = await countUsers();
    const code = await emailCode(s, email, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { type: 'email', email, password: 'abc123', confirmPassword: 'abc123', agree: true };
    let res = await s.api('/xb/v1/auth/register', { ...body, code: wrong });
    expect(res.body).toMatchObject({ code: 400, error: 'CODE_WRONG', field: 'code' });
    expect(res.body.message).toBe('The verification code is incorrect (4 tries left)');
    res = await s.api('/xb/v1/auth/register', { ...body, code, inviteCode: 'ZZZZZZZZ' });
    expect(res.body).toMatchObject({
      code: 400,
      error: 'INVITE_CODE_UNKNOWN',
      field: 'inviteCode',
      message: 'The invite code does not exist',
    });
    expect(await countUsers()).toBe(before);
    // the refused calls did not spend the code
    res = await s.api('/xb/v1/auth/register', { ...body, code });
    expect(res.status).toBe(200);
    // reused: the address is now taken, and the code is spent
    res = await s.api('/xb/v1/auth/register', { ...body, code });
    expect(res.body).toMatchObject({ error: 'ACCOUNT_EXISTS', message: 'This e-mail address is already registered' });

    const late = uniqueEmail();
    const lateCode = await emailCode(s, late, 'register');
    clock.advance(10 * 60_000 + 1);
    res = await s.api('/xb/v1/auth/register', { ...body, email: late, code: lateCode });
    expect(res.body).toMatchObject({
      error: 'CODE_EXPIRED',
      message: 'The verification code has expired. Please request a new one',
    });
    expect(await countUsers()).toBe(before + 1);
  });

  it('refuses sending a register code to a registered address', async () => {
    const email = uniqueEmail();
    await registerByEmail(s, email);
    clock.advance(61_000);
    const res = await sendEmailCode(s, email, 'register');
    expect(res.body).toMatchObject({ code: 400, error: 'ACCOUNT_EXISTS' });
  });
});

describe('login and logout', () => {
  const email = uniqueEmail('login');
  beforeAll(async () => {
    await registerByEmail(s, email, 'secret77');
  });

  it('answers the same for a wrong password and an unknown account, localized by the locale header', async () => {
    const wrong = await s.api('/xb/v1/auth/login', { account: email, password: 'secret78' });
    const unknown = await s.api('/xb/v1/auth/login', { account: 'nobody@example.com', password: 'secret77' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'BAD_CREDENTIALS', message: 'Incorrect account or password' });
    }
    const zh = await s.api('/xb/v1/auth/login', { account: email, password: 'nope12' }, { locale: 'zh_cn' });
    expect(zh.body.message).toBe('账号或密码错误');
    const empty = await s.api('/xb/v1/auth/login', { account: '', password: 'x' });
    expect(empty.body).toMatchObject({
      code: 400,
      field: 'account',
      message: 'Please enter your e-mail or phone number',
    });
  });

  it('logs in (e-mail is case-insensitive), accepts Bearer and bare tokens, and logout revokes the token', async () => {
    const res = await s.api(
      '/xb/v1/auth/login',
      { account: email.toUpperCase(), password: 'secret77' },
      { headers: { 'user-agent': 'TestPhone/1.0' } },
    );
    expect(res.status).toBe(200);
    const token: string = res.body.data.token;
    expect((await s.api('/xb/v1/account/info', {}, { token })).status).toBe(200);
    expect((await s.api('/xb/v1/account/info', {}, { token: `Bearer ${token}` })).status).toBe(200);
    const devices = await s.api('/xb/v1/account/sessions/list', {}, { token });
    expect(devices.body.data.find((d: { current: boolean }) => d.current)).toMatchObject({
      userAgent: 'TestPhone/1.0',
      ip: '127.0.0.1',
    });
    expect((await s.api('/xb/v1/auth/logout', {}, { token })).status).toBe(200);
    const after = await s.api('/xb/v1/account/info', {}, { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Login status expired, please log in again');
  });
});

describe('retrieve (password reset)', () => {
  it('resets the password with a retrieve code and signs out every session', async () => {
    const email = uniqueEmail('ret');
    const { token } = await registerByEmail(s, email, 'first11');
    clock.advance(61_000);
    const code = await emailCode(s, email, 'retrieve');
    const mismatch = await s.api('/xb/v1/auth/retrieve', {
      type: 'email',
      email,
      code,
      password: 'second22',
      confirmPassword: 'second23',
    });
    expect(mismatch.body).toMatchObject({
      code: 400,
      field: 'confirmPassword',
      message: 'The new password and the confirmed password do not match',
    });
    expect((await s.api('/xb/v1/auth/login', { account: email, password: 'first11' })).status).toBe(200);
    const res = await s.api('/xb/v1/auth/retrieve', {
      type: 'email',
      email,
      code,
      password: 'second22',
      confirmPassword: 'second22',
    });
    expect(res.status).toBe(200);
    expect((await s.api('/xb/v1/account/info', {}, { token })).status).toBe(401);
    expect((await s.api('/xb/v1/auth/login', { account: email, password: 'first11' })).body.error).toBe(
      'BAD_CREDENTIALS',
    );
    expect((await s.api('/xb/v1/auth/login', { account: email, password: 'second22' })).status).toBe(200);
    const again = await s.api('/xb/v1/auth/retrieve', {
      type: 'email',
      email,
      code,
      password: 'third333',
      confirmPassword: 'third333',
    });
    expect(again.body.error).toBe('CODE_INVALID');
  });

  it('answers a recovery request for an unknown address like a real one, but sends nothing', async () => {
    const ghost = uniqueEmail('ghost');
    const res = await sendEmailCode(s, ghost, 'retrieve');
    expect(res.status).toBe(200);
    expect(res.body.data.sentTo).toBe(ghost);
    await expect(latestCode(s, ghost)).rejects.toThrow(/no code/);
  });
});
