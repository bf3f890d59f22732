import { service } from '../../platform/context.ts';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { serverForSuite } from '../../testing/test-server.ts';
import {
  emailCode,
  latestCode,
  registerByEmail,
  sendEmailCode,
  sendSmsCode,
  tempToken,
  uniqueEmail,
} from '../account/account.test-helpers.ts';

const clock = new ManualClock();
const s = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false', UPLOAD_MAX_BYTES: '2048' } });
const codes = () => service(s.built.ctx, 'codes');

describe('temp token', () => {
  it('is required, must be ours and expires after 10 minutes', async () => {
    const email = uniqueEmail('tt');
    let res = await s.api('/xb/v1/common/send/email', { email, purpose: 'register' });
    expect(res.body).toMatchObject({ code: 400, field: 'tempToken' });
    res = await s.api('/xb/v1/common/send/email', { email, purpose: 'register', tempToken: 'forged.token.value' });
    expect(res.body).toMatchObject({ code: 400, error: 'TEMP_TOKEN_INVALID' });
    const issued = await s.api('/xb/v1/common/temp/token', {});
    const token: string = issued.body.data.tempToken;
    const [expires, nonce] = token.split('.');
    res = await s.api('/xb/v1/common/send/email', {
      email,
      purpose: 'register',
      tempToken: `${Number(expires) + 1000}.${nonce}.${token.split('.')[2]}`,
    });
    expect(res.body.error).toBe('TEMP_TOKEN_INVALID'); // a changed expiry breaks the signature
    clock.advance(10 * 60_000 + 1);
    res = await s.api('/xb/v1/common/send/email', { email, purpose: 'register', tempToken: token });
    expect(res.body.error).toBe('TEMP_TOKEN_INVALID');
    res = await s.api('/xb/v1/common/send/email', { email, purpose: 'register', tempToken: await tempToken(s) });
    expect(res.status).toBe(200);
  });
});

describe('one-time codes', () => {
  it('mail text follows the request locale', async () => {
    const email = uniqueEmail('zh');
    const res = await s.api(
      '/xb/v1/common/send/email',
      { email, purpose: 'register', tempToken: await tempToken(s) },
      { locale: 'zh_cn' },
    );
    expect(res.status).toBe(200);
    const mail = (await s.api(`/dev/outbox?to=${encodeURIComponent(email)}`, null)).body.data.messages[0];
    expect(mail.subject).toContain('验证码');
    expect(mail.text).toContain('注册验证码');
  });

  it('allows one send per target per 60 s, answered 429 with a localized wait', async () => {
    const email = uniqueEmail('soon');
    await emailCode(s, email, 'register');
    let res = await sendEmailCode(s, email, 'register');
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      error: 'CODE_TOO_SOON',
      message: 'A code was just sent. You can request another in 60 seconds',
    });
    clock.advance(30_000);
    res = await s.api(
      '/xb/v1/common/send/email',
      { email, purpose: 'register', tempToken: await tempToken(s) },
      { locale: 'de' },
    );
    expect(res.body.message).toBe('Es wurde gerade ein Code gesendet. Ein neuer ist in 30 Sekunden möglich');
    clock.advance(30_000);
    res = await sendEmailCode(s, email, 'register');
    expect(res.status).toBe(200);
  });

  it('a new code voids the previous one; five wrong tries void the code', async () => {
    const email = uniqueEmail('void');
    const first = await emailCode(s, email, 'register');
    clock.advance(60_000);
    const second = await emailCode(s, email, 'register');
    if (first !== second) {
      await expect(
        codes().consume({ channel: 'email', target: email, purpose: 'register', code: first }),
      ).rejects.toMatchObject({ errorKey: 'CODE_WRONG' });
    }
    const wrong = second === '000000' ? '111111' : '000000';
    const body = { type: 'email', email, password: 'abc123', confirmPassword: 'abc123', agree: true };
    for (let i = first !== second ? 2 : 1; i <= 4; i++) {
      const res = await s.api('/xb/v1/auth/register', { ...body, code: wrong });
      expect(res.body.message).toBe(`The verification code is incorrect (${5 - i} tries left)`);
    }
    let res = await s.api('/xb/v1/auth/register', { ...body, code: wrong });
    expect(res.body).toMatchObject({
      error: 'CODE_VOID',
      message: 'Too many wrong tries. Please request a new verification code',
    });
    res = await s.api('/xb/v1/auth/register', { ...body, code: second });
    expect(res.body.error).toBe('CODE_VOID'); // even the right code is refused now
  });

  it('codes are bound to their purpose and channel', async () => {
    const email = uniqueEmail('purpose');
    const code = await emailCode(s, email, 'register');
    await expect(codes().consume({ channel: 'email', target: email, purpose: 'retrieve', code })).rejects.toMatchObject(
      { errorKey: 'CODE_INVALID' },
    );
    await expect(codes().consume({ channel: 'sms', target: email, purpose: 'register', code })).rejects.toMatchObject({
      errorKey: 'CODE_INVALID',
    });
    await codes().consume({ channel: 'email', target: email, purpose: 'register', code });
    await expect(codes().consume({ channel: 'email', target: email, purpose: 'register', code })).rejects.toMatchObject(
      { errorKey: 'CODE_INVALID' },
    );
  });

  it('withdraw codes go to the bound address only, for signed-in users (also through the service)', async () => {
    const email = uniqueEmail('wd');
    const { token, user } = await registerByEmail(s, email);
    clock.advance(61_000);
    let res = await sendEmailCode(s, 'someone-else@example.com', 'withdraw');
    expect(res.status).toBe(401);
    res = await sendEmailCode(s, 'someone-else@example.com', 'withdraw', token);
    expect(res.status).toBe(200);
    const code = await latestCode(s, email);
    expect((await s.api('/dev/outbox?to=someone-else%40example.com', null)).body.data.messages).toHaveLength(0);
    await codes().consume({ channel: 'email', target: email, purpose: 'withdraw', code });
    res = await sendSmsCode(s, undefined, 'withdraw', token);
    expect(res.body).toMatchObject({ error: 'PHONE_NOT_BOUND', message: 'No phone number is bound to your account' });
    clock.advance(61_000);
    const sent = await codes().sendToUser(user.id, 'email', 'withdraw', 'en_us');
    expect(sent.sentTo).toMatch(/\*\*\*@example\.com$/);
    await codes().consume({ channel: 'email', target: email, purpose: 'withdraw', code: await latestCode(s, email) });
  });

  it('validation of the send calls is localized', async () => {
    let res = await s.api(
      '/xb/v1/common/send/sms',
      { phone: '12', purpose: 'register', tempToken: await tempToken(s) },
      { locale: 'fr' },
    );
    expect(res.body).toMatchObject({ code: 400, field: 'phone', message: 'Le numéro de téléphone n’est pas valide' });
    res = await s.api('/xb/v1/common/send/email', { purpose: 'register', tempToken: await tempToken(s) });
    expect(res.body).toMatchObject({ code: 400, field: 'email', message: 'Please enter your e-mail address' });
    res = await s.api('/xb/v1/common/send/email', { email: 'a@b.co', purpose: 'spam', tempToken: await tempToken(s) });
    expect(res.body).toMatchObject({ code: 400, field: 'purpose' });
  });
});

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(content: Buffer, name: string, token?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), name);
  const res = await fetch(`${s.url}/api/xb/v1/common/upload`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: token } : {},
  });
  return {
    status: res.status,
    body: (await res.json()) as { data: { fileId: string; url: string }; error?: string; message: string },
  };
}

describe('upload', () => {
  it('stores an image for its owner only', async () => {
    const owner = await registerByEmail(s, uniqueEmail('up'));
    const res = await upload(PNG, 'photo.png', owner.token);
    expect(res.status).toBe(200);
    const { fileId, url } = res.body.data;
    expect(url).toBe(`/api/xb/v1/common/file/${fileId}`);
    const own = await fetch(`${s.url}${url}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG)).toBe(true);

    const other = await registerByEmail(s, uniqueEmail('up2'));
    expect((await fetch(`${s.url}${url}`, { headers: { authorization: other.token } })).status).toBe(403);
    expect((await fetch(`${s.url}${url}`)).status).toBe(401);
    const uploads = service(s.built.ctx, 'uploads');
    expect(await uploads.ownerOf(fileId)).toBe(owner.user.id);
    expect((await uploads.read(fileId))?.mime).toBe('image/png');
  });

  it('refuses non-images with an image name, oversize files, and callers without a token', async () => {
    const { token } = await registerByEmail(s, uniqueEmail('up3'));
    let res = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png', token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'UPLOAD_NOT_IMAGE',
      message: 'Only JPEG, PNG or WebP images can be uploaded',
    });
    res = await upload(Buffer.concat([PNG, Buffer.alloc(4096)]), 'big.png', token);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The upload is too large');
    res = await upload(PNG, 'photo.png');
    expect(res.status).toBe(401);
    const count = (await s.built.ctx.db.execute(
      (await import('drizzle-orm')).sql`select count(*)::int as n from uploads`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(Number(count.rows[0]!.n)).toBe(1); // only the image of the previous test
  });
});
