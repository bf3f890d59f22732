import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { useWalletHarness } from './wallet.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock(Date.UTC(2026, 10, 26, 12));
let finance: string;
let user: { id: number; token: string };

const server = serverForSuite({ clock });
const h = useWalletHarness(server, clock);
beforeAll(async () => {
  finance = h.finance;
  user = await h.user();
  await h.deposit(user.id, 'USDT', 'TRC20', '250.5');
}, 60_000);

const api = (path: string, body: unknown, token = finance) => server.api(path, body, { token });

describe('the ledger explorer', () => {
  it('lists a user’s accounts with the balance beside the sum of its postings', async () => {
    const res = await api('/admin/ledger/accounts', { userId: user.id });
    expect(res.status).toBe(200);
    const usdt = res.body.data.items.find((a: { currency: string; wallet: string }) => a.currency === 'USDT');
    expect(usdt).toMatchObject({
      userId: user.id,
      wallet: 'spot',
      available: '250.5',
      postedAvailable: '250.5',
      frozen: '0',
      postedFrozen: '0',
      matches: true,
    });
  });

  it('shows an account’s postings and a transaction with every leg summing to zero', async () => {
    const accounts = await api('/admin/ledger/accounts', { userId: user.id, currency: 'USDT' });
    const accountId = accounts.body.data.items[0].id as number;
    const account = await api('/admin/ledger/account', { accountId });
    expect(account.body.data.total).toBeGreaterThanOrEqual(1);
    const posting = account.body.data.postings[0];
    expect(posting.available).toBe('250.5');

    const tx = await api('/admin/ledger/transaction', { transactionId: posting.transactionId });
    expect(tx.body.data.postings.length).toBeGreaterThanOrEqual(2);
    expect(tx.body.data.sums).toEqual([{ currency: 'USDT', sum: '0', balanced: true }]);
    expect((await api('/admin/ledger/transaction', { transactionId: 9_999_999 })).status).toBe(404);
  });

  it('exports an account’s postings as CSV with spreadsheet formulas defused', async () => {
    await api('/admin/cycle/pool/fund', { amount: '1000', memo: '=HYPERLINK("x")' });
    const pool = await api('/admin/ledger/accounts', { system: 'cycle_pool', currency: 'USDT' });
    const accountId = pool.body.data.items[0].id as number;
    const res = await fetch(`${server.url}/api/admin/ledger/account/export?accountId=${accountId}`, {
      headers: { authorization: finance },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('posting_id,transaction_id,time,kind,reference,memo,currency,available_delta,frozen_delta');
    expect(lines.some((l) => l.includes(`"'=HYPERLINK(""x"")"`) && l.includes(',1000,0'))).toBe(true);
  });

  it('runs the same reconciliation as npm run ledger:check', async () => {
    const res = await api('/admin/ledger/check', {});
    expect(res.body.data).toMatchObject({ ok: true, problems: [] });
    expect(res.body.data.accounts).toBeGreaterThan(2);
    expect(res.body.data.transactions).toBeGreaterThan(1);
  });

  it('is finance’s: support and compliance are refused, the export too', async () => {
    for (const role of ['support', 'compliance'] as const) {
      const token = (await server.createOperator([role])).token;
      expect((await api('/admin/ledger/accounts', {}, token)).status).toBe(403);
      expect((await api('/admin/ledger/check', {}, token)).status).toBe(403);
      const csv = await fetch(`${server.url}/api/admin/ledger/account/export?accountId=1`, {
        headers: { authorization: token },
      });
      expect(csv.status).toBe(403);
    }
    expect((await api('/admin/ledger/accounts', { userId: user.id, extra: 1 })).status).toBe(400);
  });
});
