import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../operator/operator.schema.ts';
import { serverForSuite, type TestServer } from '../../testing/test-server.ts';

/**
 * Whose address counts: the operator login is limited to 10 tries a minute per client address, and
 * each failed try is audited with that address. A client must not pick its address with a header.
 */
async function failedLogins(s: TestServer, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await s.api(
      '/admin/auth/login',
      { email: `nobody-${i}@example.com`, password: 'wrong-password', totpCode: '000000' },
      { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } },
    );
    statuses.push(res.status);
  }
  return statuses;
}

async function auditedAddress(s: TestServer, email: string): Promise<string | null> {
  const rows = await s.built.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'operator.login_failed'))
    .orderBy(desc(auditLog.id));
  const row = rows.find((r) => (r.detail as { email?: string } | null)?.email === email);
  return row?.ip ?? null;
}

describe('a client that is not a trusted proxy', () => {
  const s = serverForSuite({}, 180_000);

  it('cannot escape the login limit by varying X-Forwarded-For', async () => {
    const statuses = await failedLogins(s, 12);
    expect(statuses.slice(0, 10).every((st) => st === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('is audited with its socket address, not the header it sent', async () => {
    expect(await auditedAddress(s, 'nobody-0@example.com')).toBe('127.0.0.1');
    expect(await auditedAddress(s, 'nobody-9@example.com')).toBe('127.0.0.1');
  });
});

describe('a trusted reverse proxy (TRUSTED_PROXIES)', () => {
  const s = serverForSuite({ env: { TRUSTED_PROXIES: '127.0.0.0/8' } }, 180_000);

  it('has the clients it forwards counted one by one', async () => {
    const statuses = await failedLogins(s, 12);
    expect(statuses.every((st) => st === 401)).toBe(true);
  });

  it('has the forwarded client address audited', async () => {
    expect(await auditedAddress(s, 'nobody-0@example.com')).toBe('203.0.113.1');
    expect(await auditedAddress(s, 'nobody-11@example.com')).toBe('203.0.113.12');
  });
});
