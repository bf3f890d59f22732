import { service } from '../../platform/context.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { totpCode } from '../../platform/crypto/totp.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { OperatorService } from '../operator/operator.service.ts';
import {
  emailCode,
  latestCode,
  registerByEmail,
  sendEmailCode,
  tempToken,
  uniqueEmail,
} from './account.test-helpers.ts';

/**
 * Account protection over HTTP (docs/decisions/0012): the owner gets in while a guesser is slowed,
 * locks that say until when, a TOTP code accepted once, the withdrawal cool-down and freeze, the
 * new-device e-mail and the anti-phishing code in mail. Sources are told apart by X-Forwarded-For
 * from the loopback proxy the test trusts, as a reverse proxy would tell them.
 */
let s: TestServer;
const clock = new ManualClock(Date.UTC(2026, 10, 24, 9));
beforeAll(async () => {
  s = await startTestServer({
    clock,
    env: { WITHDRAW_ADDRESS_COOLDOWN_HOURS: '24', TRUSTED_PROXIES: '127.0.0.1' },
  });
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const from = (ip: string, ua = 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0') => ({
  headers: { 'x-forwarded-for': ip, 'user-agent': ua },
});
const login = (account: string, password: string, ip: string, extra: Record<string, unknown> = {}, locale?: string) =>
  s.api('/xb/v1/auth/login', { account, password, ...extra }, { ...from(ip), ...(locale ? { locale } : {}) });
const outbox = async (to: string) =>
  (await s.api(`/dev/outbox?to=${encodeURIComponent(to)}`, null)).body.data.messages as Array<{
    subject: string;
    text: string;
  }>;
const accounts = () => service(s.built.ctx, 'account');

describe('sign-in brakes', () => {
  it('slows a guesser per account and source, and the owner still gets in from elsewhere with an e-mailed code', async () => {
    const email = uniqueEmail('brake');
    await registerByEmail(s, email, 'owner123');
    const attacker = '198.51.100.7';
    // three free guesses, then a delay that doubles: 2 s, 4 s, …
    for (let i = 0; i < 4; i++) expect((await login(email, `guess${i}x`, attacker)).body.error).toBe('BAD_CREDENTIALS');
    let res = await login(email, 'owner123', attacker); // even the right password waits out the delay
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ error: 'LOGIN_DELAYED', message: expect.stringMatching(/in 2 seconds/) });
    clock.advance(2_000);
    expect((await login(email, 'guess5x', attacker)).body.error).toBe('BAD_CREDENTIALS');
    res = await login(email, 'guess6x', attacker);
    expect(res.body).toMatchObject({ error: 'LOGIN_DELAYED', message: expect.stringMatching(/in 4 seconds/) });

    // five failures on the account: from any source the sign-in now also needs a code — also for
    // the owner, who has the mailbox; the code is asked for before the password is looked at
    const owner = '203.0.113.20';
    res = await login(email, 'owner123', owner);
    expect(res.body).toMatchObject({
      code: 400,
      error: 'LOGIN_CODE_REQUIRED',
      field: 'loginCode',
      message: expect.stringContaining('verification code'),
    });
    expect((await login(email, 'wrong99', owner)).body.error).toBe('LOGIN_CODE_REQUIRED'); // no password oracle
    clock.advance(61_000); // one code per address a minute: the sign-up's code went out just now
    const sent = await s.api(
      '/xb/v1/common/send/email',
      { email, purpose: 'login', tempToken: await tempToken(s) },
      from(owner),
    );
    expect(sent.status).toBe(200);
    const code = await latestCode(s, email);
    res = await login(email, 'owner123', owner, { loginCode: code });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toBeTruthy();
    // the owner's success resets the account's count: the next sign-in needs no code
    expect((await login(email, 'owner123', owner)).status).toBe(200);
    // the attacker's own delay still runs, and it never exceeds 15 minutes
    clock.advance(15 * 60_000);
    expect((await login(email, 'owner123', attacker)).status).toBe(200);
  });

  it('asks an unknown account for a code the same way, so the answer reveals nothing', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) {
      clock.advance(20 * 60_000);
      await login(ghost, `guess${i}x`, `192.0.2.${i + 1}`);
    }
    expect((await login(ghost, 'whatever1', '192.0.2.99')).body.error).toBe('LOGIN_CODE_REQUIRED');
    expect((await sendEmailCode(s, ghost, 'login')).status).toBe(200);
    expect(await outbox(ghost)).toEqual([]); // answered like a real one, nothing delivered
  });
});

describe('locks with a clear until-when', () => {
  it('locks the fund password after five wrong tries, for the right one too, and says until when', async () => {
    const { token } = await registerByEmail(s, uniqueEmail('fund'), 'fund1234');
    expect(
      (
        await s.api(
          '/xb/v1/account/fund-password/set',
          { fundPassword: '135790', confirmPassword: '135790', loginPassword: 'fund1234' },
          { token },
        )
      ).status,
    ).toBe(200);
    const change = (old: string) =>
      s.api(
        '/xb/v1/account/fund-password/change',
        { oldFundPassword: old, fundPassword: '246802', confirmPassword: '246802' },
        { token },
      );
    for (let i = 0; i < 4; i++) expect((await change('000000')).body.error).toBe('FUND_PASSWORD_WRONG');
    const until = new Date(clock.now() + 2 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    let res = await change('000000');
    expect(res.body).toMatchObject({
      code: 429,
      error: 'FUND_PASSWORD_LOCKED',
      message: expect.stringContaining(until),
    });
    res = await change('135790');
    expect(res.body.error).toBe('FUND_PASSWORD_LOCKED');
    res = await s.api(
      '/xb/v1/account/fund-password/change',
      { oldFundPassword: '000000', fundPassword: '246802', confirmPassword: '246802' },
      { token, locale: 'de' },
    );
    expect(res.body.message).toMatch(/^Ihr Fondspasswort ist nach zu vielen Fehlversuchen gesperrt bis 2026-11-24/);
    clock.advance(2 * 3600_000);
    expect((await change('135790')).status).toBe(200);
  });

  it('locks code entry per address after ten wrong codes over several codes; a stranger locks only their own source', async () => {
    const codes = service(s.built.ctx, 'codes');
    const target = uniqueEmail('codes');
    const address = { channel: 'email', target, purpose: 'bind' } as const;
    await codes.issue(address, 'en_us');
    for (let i = 0; i < 5; i++)
      await expect(codes.verify({ ...address, code: '000000' })).rejects.toMatchObject({ status: 400 });
    clock.advance(61_000);
    await codes.issue(address, 'en_us');
    for (let i = 0; i < 4; i++)
      await expect(codes.verify({ ...address, code: '000000' })).rejects.toMatchObject({ errorKey: 'CODE_WRONG' });
    await expect(codes.verify({ ...address, code: '000000' })).rejects.toMatchObject({
      status: 429,
      errorKey: 'CODE_LOCKED',
      messageKey: 'security.codeLocked',
    });
    const right = await latestCode(s, target);
    await expect(codes.verify({ ...address, code: right })).rejects.toMatchObject({ errorKey: 'CODE_LOCKED' });

    // codes anyone may try are counted per source: ten wrong from one source, the owner's still works
    const reg = { channel: 'email', target: uniqueEmail('reg'), purpose: 'register' } as const;
    for (let round = 0; round < 2; round++) {
      clock.advance(61_000);
      await codes.issue(reg, 'en_us');
      for (let i = 0; i < 5; i++)
        await codes.verify({ ...reg, code: '000000', source: '198.51.100.9' }).catch(() => {});
    }
    await expect(codes.verify({ ...reg, code: '000000', source: '198.51.100.9' })).rejects.toMatchObject({
      errorKey: 'CODE_LOCKED',
    });
    clock.advance(61_000);
    await codes.issue(reg, 'en_us');
    const fresh = await latestCode(s, reg.target);
    await expect(codes.verify({ ...reg, code: fresh, source: '203.0.113.5' })).resolves.toMatchObject({
      field: 'code',
    });
  });

  it('accepts a TOTP code once and locks after five wrong ones', async () => {
    const email = uniqueEmail('totp');
    const { token, user } = await registerByEmail(s, email, 'totp1234');
    const { secret } = (await s.api('/xb/v1/account/totp/setup', {}, { token })).body.data;
    expect((await s.api('/xb/v1/account/totp/enable', { code: totpCode(secret, clock) }, { token })).status).toBe(200);
    clock.advance(30_000);
    const code = totpCode(secret, clock);
    expect((await login(email, 'totp1234', '203.0.113.30', { totpCode: code })).status).toBe(200);
    // seen over a shoulder and replayed within the same 30 s: refused
    const replay = await login(email, 'totp1234', '198.51.100.30', { totpCode: code });
    expect(replay.body).toMatchObject({ error: 'TOTP_REUSED', message: expect.stringContaining('already been used') });
    const bad = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect(await accounts().verifyTotp(user.id, bad)).toBe(false);
    await expect(accounts().verifyTotp(user.id, bad)).rejects.toMatchObject({ errorKey: 'TOTP_LOCKED' });
    clock.advance(30_000);
    const res = await login(email, 'totp1234', '203.0.113.30', { totpCode: totpCode(secret, clock) });
    expect(res.body).toMatchObject({
      code: 429,
      error: 'TOTP_LOCKED',
      message: expect.stringMatching(/until 2026-11-24 \d\d:\d\d UTC/),
    });
    clock.advance(30 * 60_000);
    expect((await login(email, 'totp1234', '203.0.113.30', { totpCode: totpCode(secret, clock) })).status).toBe(200);
  });
});

describe('withdrawal safety', () => {
  const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  let n = 0;
  const withdraw = (token: string, address = TRON, locale?: string) =>
    s.api(
      '/xb/v1/wallet/withdraw',
      {
        requestId: `protect-${++n}-${Date.now()}`,
        currency: 'USDT',
        chain: 'TRC20',
        address,
        amount: '100',
        fundPassword: '135790',
        code: '000000',
      },
      { token, ...(locale ? { locale } : {}) },
    );
  const bank = (token: string) =>
    s.api(
      '/xb/v1/wallet/withdraw-bank',
      {
        requestId: `protect-bank-${++n}-${Date.now()}`,
        cardholder: 'Ann Owner',
        bankName: 'Bank',
        branchName: 'Main',
        bankCode: '001',
        cardNumber: '12345678901',
        amount: '200',
        fundPassword: '135790',
      },
      { token },
    );

  it('a new address waits for the cool-down after it enters the address book', async () => {
    const { token } = await registerByEmail(s, uniqueEmail('cool'), 'cool1234');
    let res = await withdraw(token);
    expect(res.body).toMatchObject({ code: 403, error: 'ADDRESS_NEW', field: 'address' });
    expect(res.body.message).toContain('24 hours');
    clock.advance(60_000);
    expect(
      (
        await s.api(
          '/xb/v1/wallet/address/add',
          { currency: 'USDT', chain: 'TRC20', address: TRON, remark: 'me' },
          { token },
        )
      ).status,
    ).toBe(200);
    const added = clock.now();
    res = await withdraw(token);
    const until = new Date(added + 24 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(res.body).toMatchObject({
      code: 403,
      error: 'ADDRESS_COOLING',
      message: expect.stringContaining(`${until} UTC`),
    });
    res = await withdraw(token, TRON, 'zh_cn');
    expect(res.body.message).toContain('该提币地址为新地址');
    clock.advance(24 * 3600_000);
    // past the safety checks: what stops it now is the missing identity verification
    expect((await withdraw(token)).body.error).toBe('KYC_REQUIRED');
  });

  it('freezes on-chain and bank withdrawals for 24 h after a password change, not after a first fund password', async () => {
    const email = uniqueEmail('freeze');
    const { token } = await registerByEmail(s, email, 'frz12345');
    await s.api(
      '/xb/v1/account/fund-password/set',
      { fundPassword: '135790', confirmPassword: '135790', loginPassword: 'frz12345' },
      { token },
    );
    expect((await bank(token)).body.error).toBe('KYC_REQUIRED'); // a first fund password freezes nothing
    const changed = await s.api(
      '/xb/v1/account/password/change',
      { oldPassword: 'frz12345', password: 'frz67890', confirmPassword: 'frz67890' },
      { token },
    );
    expect(changed.status).toBe(200);
    const until = `${new Date(clock.now() + 24 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    let res = await bank(token);
    expect(res.body).toMatchObject({
      code: 403,
      error: 'WITHDRAW_FROZEN',
      message: `Withdrawals are paused until ${until} because your login password was changed recently`,
    });
    res = await withdraw(token, TRON, 'fr');
    expect(res.body).toMatchObject({
      error: 'WITHDRAW_FROZEN',
      message: expect.stringContaining('mot de passe de connexion'),
    });
    clock.advance(24 * 3600_000 + 1000);
    expect((await bank(token)).body.error).toBe('KYC_REQUIRED');
    // changing the fund password freezes again, naming it
    await s.api(
      '/xb/v1/account/fund-password/change',
      { oldFundPassword: '135790', fundPassword: '135791', confirmPassword: '135791' },
      { token },
    );
    expect((await bank(token)).body.message).toContain('fund password was changed');
  });
});

describe('mail', () => {
  it('e-mails a sign-in from a new device, once per device', async () => {
    const email = uniqueEmail('device');
    await registerByEmail(s, email, 'dev12345');
    // everything but the sign-up's code mail (the device mails carry no 6-digit number)
    const mails = async () => (await outbox(email)).filter((m) => !/\b\d{6}\b/.test(m.text));
    expect((await s.api('/xb/v1/auth/login', { account: email, password: 'dev12345' })).status).toBe(200);
    expect(await mails()).toHaveLength(0); // the sign-up's own device
    expect((await login(email, 'dev12345', '203.0.113.77', {}, 'de')).status).toBe(200);
    const [first] = await outbox(email);
    expect(first?.text).toContain('Ihr Tidemark-Konto wurde soeben auf einem neuen Gerät angemeldet');
    expect(first?.text).toContain('TestBrowser/1.0');
    expect(first?.text).toContain('203.0.113.77');
    expect((await login(email, 'dev12345', '203.0.113.78')).status).toBe(200);
    expect(await mails()).toHaveLength(1);
    const res = await s.api(
      '/xb/v1/auth/login',
      { account: email, password: 'dev12345' },
      { ...from('203.0.113.79', 'OtherPhone/2'), locale: 'jp' },
    );
    expect(res.status).toBe(200);
    const all = await outbox(email);
    expect(all[0]!.subject).toBe('【Tidemark】アカウントへの新しいログイン');
  });

  it('carries the anti-phishing code the user set in every e-mail, shown masked in the account', async () => {
    const email = uniqueEmail('phish');
    const { token } = await registerByEmail(s, email, 'phish123');
    let res = await s.api('/xb/v1/account/anti-phishing/info', {}, { token });
    expect(res.body.data).toEqual({ set: false, masked: null });
    res = await s.api('/xb/v1/account/anti-phishing/set', { code: 'no', password: 'phish123' }, { token });
    expect(res.body).toMatchObject({ code: 400, message: 'The anti-phishing code must be 4-20 letters or digits' });
    res = await s.api('/xb/v1/account/anti-phishing/set', { code: 'Tide2026', password: 'wrong123' }, { token });
    expect(res.body.error).toBe('PASSWORD_WRONG');
    res = await s.api('/xb/v1/account/anti-phishing/set', { code: 'Tide2026', password: 'phish123' }, { token });
    expect(res.body.data).toEqual({ set: true, masked: 'T******6' });
    expect((await s.api('/xb/v1/account/anti-phishing/info', {}, { token })).body.data.masked).toBe('T******6');

    clock.advance(61_000);
    const code = await emailCode(s, email, 'withdraw', token);
    const [mail] = await outbox(email);
    expect(mail!.text.startsWith('Anti-phishing code: Tide2026\n')).toBe(true);
    expect(mail!.text).toContain(code);
    await login(email, 'phish123', '203.0.113.90', {}, 'zh_cn');
    const [deviceMail] = await outbox(email);
    expect(deviceMail!.text.startsWith('防钓鱼码：Tide2026')).toBe(true);
  });
});

describe('operator sign-in', () => {
  it('needs an e-mailed code after repeated failures and accepts a TOTP code once', async () => {
    const email = `op-protect-${Date.now()}@example.com`;
    const created = await new OperatorService({ db: s.built.ctx.db, clock }).create({
      email,
      name: 'Protected',
      password: 'operator-password-9',
      roles: ['support'],
    });
    const opLogin = (extra: Record<string, unknown>, ip = '203.0.113.40') =>
      s.api(
        '/admin/auth/login',
        { email, password: 'operator-password-9', totpCode: totpCode(created.totpSecret, clock), ...extra },
        from(ip),
      );
    clock.advance(30_000);
    expect((await opLogin({})).status).toBe(200);
    // the same code again: refused (only someone who had the password and a live code sees this)
    expect((await opLogin({}, '203.0.113.41')).body).toMatchObject({ code: 400, error: 'TOTP_REUSED' });
    for (let i = 0; i < 5; i++) {
      clock.advance(20 * 60_000);
      expect((await opLogin({ password: `wrong-password-${i}` }, `198.51.100.${50 + i}`)).status).toBe(401);
    }
    clock.advance(30_000);
    let res = await opLogin({});
    expect(res.body).toMatchObject({ code: 400, error: 'LOGIN_CODE_REQUIRED', field: 'emailCode' });
    expect((await s.api('/admin/auth/login/code', { email })).status).toBe(200);
    const code = await latestCode(s, email);
    res = await opLogin({ emailCode: code });
    expect(res.status).toBe(200);
  });
});
