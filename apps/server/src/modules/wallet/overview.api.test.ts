import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock(Date.UTC(2026, 10, 24, 12));
const server = serverForSuite({ clock });

describe('the dashboard’s money overview', () => {
  it('shows system balances and the fee account’s net income per UTC day, to finance only', async () => {
    const a = await server.createOperator(['finance']);
    const b = await server.createOperator(['finance']);
    const adjust = async (system: string, amount: string) => {
      const p = await server.api(
        '/admin/wallet/adjustments/propose',
        { system, currency: 'USDT', amount, reason: 'opening balance' },
        { token: a.token },
      );
      expect(
        (await server.api('/admin/wallet/adjustments/approve', { id: p.body.data.id }, { token: b.token })).status,
      ).toBe(200);
    };
    await adjust('fees', '5.25');
    await adjust('insurance_fund', '1000');
    clock.advance(86_400_000);
    await adjust('fees', '1.5');

    const res = await server.api('/admin/wallet/overview', { days: 7 }, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.data.insuranceFund).toContainEqual({ currency: 'USDT', balance: '1000' });
    expect(res.body.data.feesPerDay).toEqual([
      { day: '2026-11-24', currency: 'USDT', amount: '5.25' },
      { day: '2026-11-25', currency: 'USDT', amount: '1.5' },
    ]);

    const support = await server.createOperator(['support']);
    expect((await server.api('/admin/wallet/overview', {}, { token: support.token })).status).toBe(403);
  });
});

describe('the withdrawal reviewer’s view of a user', () => {
  it('shows the user’s limits, balances and recent history, and refuses the content role', async () => {
    const finance = await server.createOperator(['finance']);
    const u = await server.createUser();
    await server.api(
      '/admin/chain/deposit',
      { user: u.id, currency: 'USDT', chain: 'TRC20', amount: '40', confirmations: 3 },
      { token: finance.token },
    );
    const res = await server.api('/admin/wallet/user-summary', { userId: u.id }, { token: finance.token });
    expect(res.status).toBe(200);
    expect(res.body.data.limits.kyc.level).toBe('none');
    const usdt = res.body.data.limits.currencies.find((c: { currency: string }) => c.currency === 'USDT');
    expect(usdt.available).toBe('40');
    expect(res.body.data.deposits.items).toHaveLength(1);
    expect(res.body.data.withdrawals.items).toEqual([]);
    const content = await server.createOperator(['content']);
    expect((await server.api('/admin/wallet/user-summary', { userId: u.id }, { token: content.token })).status).toBe(
      403,
    );
  });
});
