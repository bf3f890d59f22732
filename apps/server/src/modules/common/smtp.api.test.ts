import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { tempToken } from '../account/account.test-helpers.ts';

/** With SMTP_URL set, codes leave through SMTP (here a local smtp-server) and not the dev outbox. */
const received: Array<{ to: string[]; data: string }> = [];
let smtp: SMTPServer;
let s: TestServer;

/** The plain-text body of a raw single-part message (base64 or quoted-printable, as nodemailer picks). */
function bodyText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (/^Content-Transfer-Encoding: base64/im.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/^Content-Transfer-Encoding: quoted-printable/im.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  s = await startTestServer({
    env: {
      RATE_LIMIT_ENABLED: 'false',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Tidemark <codes@tidemark.test>',
    },
  });
});
afterAll(async () => {
  await s?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('delivers the localized code mail over SMTP, and the code registers the account', async () => {
  const email = 'smtp-user@example.com';
  const res = await s.api(
    '/xb/v1/common/send/email',
    { email, purpose: 'register', tempToken: await tempToken(s) },
    { locale: 'jp' },
  );
  expect(res.status).toBe(200);
  expect(received).toHaveLength(1);
  expect(received[0]!.to).toEqual([email]);
  expect(received[0]!.data).toContain('codes@tidemark.test');
  expect((await s.api(`/dev/outbox?to=${encodeURIComponent(email)}`, null)).body.data.messages).toHaveLength(0);
  const text = bodyText(received[0]!.data);
  expect(text).toContain('新規登録の認証コード');
  const code = text.match(/\b(\d{6})\b/)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  const reg = await s.api('/xb/v1/auth/register', {
    type: 'email',
    email,
    code,
    password: 'mail12',
    confirmPassword: 'mail12',
    agree: true,
  });
  expect(reg.status).toBe(200);
});
