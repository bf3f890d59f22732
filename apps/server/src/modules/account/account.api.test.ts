import { service } from '../../platform/context.ts';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { totpCode } from '../../platform/crypto/totp.ts';
import {
  emailCode,
  registerByEmail,
  sendEmailCode,
  sendSmsCode,
  smsCode,
  uniqueEmail,
  uniquePhone,
} from './account.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock();
const s = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
const accounts = () => service(s.built.ctx, 'account');
const login = (account: string, password: string, extra: Record<string, unknown> = {}) =>
  s.api('/xb/v1/auth/login', { account, password, ...extra });

/** The signed-in user's requests on their passwords; `locale` picks the language of the answer. */
const changePassword = (
  token: string,
  oldPassword: string,
  password: string,
  confirmPassword: string,
  locale?: string,
) =>
  s.api(
    '/xb/v1/account/password/change',
    { oldPassword, password, confirmPassword },
    locale ? { token, locale } : { token },
  );
const setFundPassword = (token: string, fundPassword: string, confirmPassword: string, loginPassword: string) =>
  s.api('/xb/v1/account/fund-password/set', { fundPassword, confirmPassword, loginPassword }, { token });
const changeFundPassword = (token: string, oldFundPassword: string, fundPassword: string, confirmPassword: string) =>
  s.api('/xb/v1/account/fund-password/change', { oldFundPassword, fundPassword, confirmPassword }, { token });

describe('login password change', () => {
  it('needs the current password, signs out the other sessions and keeps this one', async () => {
    const email = uniqueEmail('pw');
    const { token } = await registerByEmail(s, email, 'old111');
    const other = (await login(email, 'old111')).body.data.token as string;
    for (const [[oldPassword, password, confirm], refusal] of [
      [['wrong1', 'new222', 'new222'], { code: 400, error: 'PASSWORD_WRONG', field: 'oldPassword' }],
      [['old111', 'new222', 'new223'], { code: 400, field: 'confirmPassword' }],
      [['old111', 'short', 'short'], { code: 400, field: 'password' }],
    ] as const)
      expect((await changePassword(token, oldPassword, password, confirm)).body).toMatchObject(refusal);
    expect((await login(email, 'old111')).status).toBe(200); // nothing changed so far
    expect((await changePassword(token, 'old111', 'new222', 'new222')).status).toBe(200);
    expect((await s.api('/xb/v1/account/info', {}, { token })).status).toBe(200);
    expect((await s.api('/xb/v1/account/info', {}, { token: other })).status).toBe(401);
    expect((await login(email, 'new222')).status).toBe(200);
  });

  it('accepts a strong password with symbols and says the rule exactly when refused', async () => {
    const email = uniqueEmail('sym');
    const { token } = await registerByEmail(s, email, 'Tidemark#2026ok');
    expect((await login(email, 'Tidemark#2026ok')).status).toBe(200);
    let res = await changePassword(token, 'Tidemark#2026ok', 'only#symbols', 'only#symbols');
    expect(res.body).toMatchObject({
      code: 400,
      field: 'password',
      message:
        'The password must be 6–20 characters with at least one letter and one digit; symbols are allowed, spaces are not',
    });
    res = await changePassword(token, 'Tidemark#2026ok', 'x', 'x', 'de');
    expect(res.body.message).toContain('Sonderzeichen sind erlaubt');
    res = await changePassword(token, 'Tidemark#2026ok', 'N3w!pass_word', 'N3w!pass_word');
    expect(res.status).toBe(200);
  });
});

describe('fund password', () => {
  it('is set once with the login password (6 digits), changed with the old one, and verified by the service', async () => {
    const email = uniqueEmail('fund');
    const { token, user } = await registerByEmail(s, email, 'login1');
    for (const [[fundPassword, confirm, loginPassword], refusal] of [
      [
        ['12345', '12345', 'login1'],
        { code: 400, field: 'fundPassword', message: 'The fund password must be 6 digits' },
      ],
      [['123456', '123457', 'login1'], { code: 400, field: 'confirmPassword' }],
      [['123456', '123456', 'login2'], { code: 400, field: 'loginPassword' }],
    ] as const)
      expect((await setFundPassword(token, fundPassword, confirm, loginPassword)).body).toMatchObject(refusal);
    expect(await accounts().verifyFundPassword(user.id, '123456')).toBe(false);
    let res = await setFundPassword(token, '123456', '123456', 'login1');
    expect(res.status).toBe(200);
    expect(await accounts().verifyFundPassword(user.id, '123456')).toBe(true);
    res = await setFundPassword(token, '654321', '654321', 'login1');
    expect(res.status).toBe(409);
    res = await changeFundPassword(token, '000000', '654321', '654321');
    expect(res.body).toMatchObject({ code: 400, error: 'FUND_PASSWORD_WRONG' });
    res = await changeFundPassword(token, '123456', '654321', '654321');
    expect(res.status).toBe(200);
    expect(await accounts().verifyFundPassword(user.id, '654321')).toBe(true);
    expect((await s.api('/xb/v1/account/security', {}, { token })).body.data).toMatchObject({
      fundPasswordSet: true,
      loginPasswordSet: true,
      emailBound: true,
      phoneBound: false,
    });
  });
});

describe('binding phone and e-mail', () => {
  it('binds a phone with a bind code sent to it; a phone used by another account is refused', async () => {
    const { token, user } = await registerByEmail(s, uniqueEmail('bp'));
    const phone = uniquePhone();
    let res = await sendSmsCode(s, phone, 'bind');
    expect(res.status).toBe(401); // bind codes need a signed-in user
    const code = await smsCode(s, phone, 'bind', token);
    res = await s.api(
      '/xb/v1/account/phone/bind',
      { countryCode: '1', phone, code: code === '999999' ? '999998' : '999999' },
      { token },
    );
    expect(res.body.error).toBe('CODE_WRONG');
    expect((await accounts().getUser(user.id))?.phone).toBeNull();
    res = await s.api('/xb/v1/account/phone/bind', { countryCode: '1', phone: '', code }, { token });
    expect(res.body).toMatchObject({ field: 'phone', message: 'Please enter your phone number' });
    res = await s.api('/xb/v1/account/phone/bind', { countryCode: '1', phone, code }, { token });
    expect(res.status).toBe(200);
    expect(await accounts().getUser(user.id)).toMatchObject({ phone, phoneCountry: '1' });
    const security = await s.api('/xb/v1/account/security', {}, { token });
    expect(security.body.data).toMatchObject({ phoneBound: true, phone, countryCode: '1' });
    // another account cannot even get a bind code for it
    const second = await registerByEmail(s, uniqueEmail('bp2'));
    clock.advance(61_000);
    res = await sendSmsCode(s, phone, 'bind', second.token);
    expect(res.body).toMatchObject({ error: 'ACCOUNT_EXISTS', message: 'This phone number is already registered' });
  });

  it('binds an e-mail to a phone-only account, then changes it with codes to the old and the new address', async () => {
    const phone = uniquePhone();
    const regCode = await smsCode(s, phone, 'register');
    const reg = await s.api('/xb/v1/auth/register', {
      type: 'phone',
      phone,
      code: regCode,
      password: 'ph0ne1',
      confirmPassword: 'ph0ne1',
      agree: true,
    });
    expect(reg.status).toBe(200);
    const token: string = reg.body.data.token;
    const userId: number = reg.body.data.user.id;

    // change_email needs a bound e-mail first
    let res = await sendEmailCode(s, undefined, 'change_email', token);
    expect(res.body).toMatchObject({ error: 'EMAIL_NOT_BOUND' });

    const first = uniqueEmail('first');
    const bindCode = await emailCode(s, first, 'bind', token);
    res = await s.api('/xb/v1/account/email/bind', { email: 'bad', code: bindCode }, { token });
    expect(res.body).toMatchObject({ field: 'email', message: 'The e-mail address is not valid' });
    res = await s.api('/xb/v1/account/email/bind', { email: first, code: bindCode }, { token });
    expect(res.status).toBe(200);
    expect((await accounts().getUser(userId))?.email).toBe(first);

    clock.advance(61_000);
    const second = uniqueEmail('second');
    res = await sendEmailCode(s, undefined, 'change_email', token); // to the bound (old) address
    expect(res.status).toBe(200);
    expect(res.body.data.sentTo).toMatch(/^\w{2}\*\*\*@example\.com$/);
    const oldCode = (await s.api(`/dev/outbox?to=${encodeURIComponent(first)}`, null)).body.data.messages[0].text.match(
      /\b(\d{6})\b/,
    )[1];
    const newCode = await emailCode(s, second, 'change_email', token);
    res = await s.api(
      '/xb/v1/account/email/change',
      { oldCode: newCode === oldCode ? '000000' : newCode, email: second, newCode },
      { token },
    );
    expect(res.body).toMatchObject({ code: 400, field: 'oldCode' });
    expect((await accounts().getUser(userId))?.email).toBe(first);
    res = await s.api('/xb/v1/account/email/change', { oldCode, email: second, newCode }, { token });
    expect(res.status).toBe(200);
    expect((await accounts().getUser(userId))?.email).toBe(second);
    expect((await login(second, 'ph0ne1')).status).toBe(200);
    expect((await login(first, 'ph0ne1')).body.error).toBe('BAD_CREDENTIALS');
  });
});

describe('TOTP', () => {
  it('setup → enable → login needs the code → disable', async () => {
    const email = uniqueEmail('totp');
    const { token, user } = await registerByEmail(s, email, 'totp12');
    let res = await s.api('/xb/v1/account/totp/enable', { code: '123456' }, { token });
    expect(res.body.error).toBe('TOTP_NOT_SET_UP');
    res = await s.api('/xb/v1/account/totp/setup', {}, { token });
    expect(res.status).toBe(200);
    const { secret, otpauthUrl, qrDataUrl } = res.body.data;
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(await accounts().verifyTotp(user.id, totpCode(secret, clock))).toBe(false); // not enabled yet
    const good = totpCode(secret, clock);
    const bad = good === '000000' ? '111111' : '000000';
    res = await s.api('/xb/v1/account/totp/enable', { code: bad }, { token });
    expect(res.body.error).toBe('TOTP_INVALID');
    res = await s.api('/xb/v1/account/totp/enable', { code: good }, { token });
    expect(res.status).toBe(200);
    // a code is accepted once: the one that enabled 2FA is refused until the next time-step
    await expect(accounts().verifyTotp(user.id, good)).rejects.toMatchObject({ errorKey: 'TOTP_REUSED' });
    clock.advance(30_000);
    expect(await accounts().verifyTotp(user.id, totpCode(secret, clock))).toBe(true);
    clock.advance(30_000);

    res = await login(email, 'totp12');
    expect(res.body).toMatchObject({ code: 400, error: 'TOTP_REQUIRED' });
    res = await login(email, 'totp12', { totpCode: bad });
    expect(res.body).toMatchObject({ code: 400, error: 'TOTP_INVALID' });
    const used = totpCode(secret, clock);
    res = await login(email, 'totp12', { totpCode: used });
    expect(res.status).toBe(200);
    // the same code again (a replay by someone who saw it): refused with its own message
    res = await login(email, 'totp12', { totpCode: used });
    expect(res.body).toMatchObject({
      code: 400,
      error: 'TOTP_REUSED',
      message: expect.stringContaining('already been used'),
    });
    clock.advance(30_000);
    // wrong password with TOTP on still says only "bad credentials"
    expect((await login(email, 'wrong1')).body.error).toBe('BAD_CREDENTIALS');

    res = await s.api('/xb/v1/account/totp/disable', { code: bad }, { token });
    expect(res.body.error).toBe('TOTP_INVALID');
    res = await s.api('/xb/v1/account/totp/disable', { code: totpCode(secret, clock) }, { token });
    expect(res.status).toBe(200);
    expect((await login(email, 'totp12')).status).toBe(200);
    clock.advance(24 * 3600_000); // the freeze after turning 2FA off is the subject of protection tests
  });
});

describe('devices', () => {
  it('lists own sessions and revokes one; another user’s session cannot be revoked; revoking the current one logs out', async () => {
    const email = uniqueEmail('dev');
    const { token } = await registerByEmail(s, email, 'devi12');
    const second = (
      await s.api('/xb/v1/auth/login', { account: email, password: 'devi12' }, { headers: { 'user-agent': 'Tablet' } })
    ).body.data.token as string;
    const list = await s.api('/xb/v1/account/sessions/list', {}, { token });
    expect(list.body.data).toHaveLength(2);
    const current = list.body.data.find((d: { current: boolean }) => d.current);
    const tablet = list.body.data.find((d: { userAgent: string | null }) => d.userAgent === 'Tablet');
    expect(tablet.current).toBe(false);

    const stranger = await registerByEmail(s, uniqueEmail('str'));
    let res = await s.api('/xb/v1/account/sessions/revoke', { id: tablet.id }, { token: stranger.token });
    expect(res.status).toBe(404);
    expect((await s.api('/xb/v1/account/info', {}, { token: second })).status).toBe(200);

    res = await s.api('/xb/v1/account/sessions/revoke', { id: tablet.id }, { token });
    expect(res.status).toBe(200);
    expect((await s.api('/xb/v1/account/info', {}, { token: second })).status).toBe(401);
    res = await s.api('/xb/v1/account/sessions/revoke', { id: current.id }, { token });
    expect(res.body.data).toMatchObject({ revoked: true, current: true });
    expect((await s.api('/xb/v1/account/info', {}, { token })).status).toBe(401);
  });
});

describe('AccountService for other modules', () => {
  it('counts the team two levels deep, finds by invite code and sets the credit score', async () => {
    const a = await registerByEmail(s, uniqueEmail('ta'));
    const b = await registerByEmail(s, uniqueEmail('tb'), 'abc123', { inviteCode: a.user.inviteCode });
    await registerByEmail(s, uniqueEmail('tc'), 'abc123', { inviteCode: b.user.inviteCode });
    await registerByEmail(s, uniqueEmail('td'), 'abc123', { inviteCode: a.user.inviteCode });
    expect(await accounts().countTeam(a.user.id)).toBe(3);
    expect(await accounts().countTeam(a.user.id, 1)).toBe(2);
    expect((await accounts().findByInviteCode(b.user.inviteCode))?.id).toBe(b.user.id);
    await accounts().setCreditScore(b.user.id, 80);
    expect((await accounts().getUser(b.user.id))?.creditScore).toBe(80);
    await expect(accounts().setCreditScore(b.user.id, 1001)).rejects.toThrow(RangeError);
  });
});
