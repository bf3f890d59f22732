import { expect, it } from 'vitest';
import { serverForSuite } from '../../testing/test-server.ts';
import { tempToken } from '../account/account.test-helpers.ts';

/** Route limits are on here (RATE_LIMIT_ENABLED defaults to true); the other test files switch them off. */
const s = serverForSuite();

it('send-code calls answer 429 with a localized message past 10 a minute per IP', async () => {
  const token = await tempToken(s);
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    // different addresses, so only the per-IP limit can stop them
    const res = await s.api(
      '/xb/v1/common/send/email',
      { email: `rl${i}@example.com`, purpose: 'register', tempToken: token },
      { locale: 'zh_cn' },
    );
    statuses.push(res.status);
    if (res.status === 429) {
      expect(res.body.error).toBe('RATE_LIMITED');
      expect(res.body.message).toMatch(/^请求过于频繁，请在 \d+ 秒后重试$/);
    }
  }
  expect(statuses.slice(0, 10).every((st) => st === 200)).toBe(true);
  expect(statuses[10]).toBe(429);
});
