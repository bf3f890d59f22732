import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailText, startSmtpPeer } from '../../testing/smtp-peer.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { tempToken } from '../account/account.test-helpers.ts';

/** With SMTP_URL set, codes leave through SMTP (here a local smtp-server) and not the dev outbox. */
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let s: TestServer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  s = await startTestServer({
    env: {
      RATE_LIMIT_ENABLED: 'false',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tidemark <codes@tidemark.test>',
    },
  });
});
afterAll(async () => {
  await s?.close();
  await smtp?.close();
});

it('delivers the localized code mail over SMTP, and the code registers the account', async () => {
  const email = 'smtp-user@example.com';
  const res = await s.api(
    '/xb/v1/common/send/email',
    { email, purpose: 'register', tempToken: await tempToken(s) },
    { locale: 'jp' },
  );
  expect(res.status).toBe(200);
  expect(smtp.received).toHaveLength(1);
  expect(smtp.received[0]!.to).toEqual([email]);
  expect(smtp.received[0]!.data).toContain('codes@tidemark.test');
  expect((await s.api(`/dev/outbox?to=${encodeURIComponent(email)}`, null)).body.data.messages).toHaveLength(0);
  const text = mailText(smtp.received[0]!.data).body;
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
