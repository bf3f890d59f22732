import { describe, expect, it } from 'vitest';
import { formatUnits, parseUnits } from '@tidemark/contract/money';
import { ManualClock } from '../../platform/clock.ts';
import { PRICE_SCALE } from '../market/instruments.ts';
import { FUND_PASSWORD, rid, useWalletHarness } from './wallet.test-helpers.ts';
import { usedToday } from './withdraw-limits.ts';
import { serverForSuite } from '../../testing/test-server.ts';

/**
 * One set of limits for bank and on-chain withdrawals (spec §6/§9), and draw infos that state every
 * limit in the currency of the withdrawal. Expected figures are computed here from the index price
 * and the spec's numbers, not with the server's code.
 */

const clock = new ManualClock(Date.UTC(2026, 5, 1, 1));
const BTC_ADDR = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const server = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
const h = useWalletHarness(server, clock, { stubCodes: true, checkLedger: true });

const infos = async (token: string) =>
  (await server.api('/xb/v1/account/currency/draw/infos', {}, { token })).body.data;
const row = (d: any, currency: string) => d.currencies.find((c: any) => c.currency === currency);
const bank = (token: string, amount: string) => h.bankWithdraw(token, amount);
const withdrawBtc = (token: string, amount: string) =>
  server.api(
    '/xb/v1/wallet/withdraw',
    {
      requestId: rid('w'),
      currency: 'BTC',
      chain: 'BTC',
      address: BTC_ADDR,
      amount,
      fundPassword: FUND_PASSWORD,
      code: '000000',
    },
    { token },
  );
/** Satoshi → USDT (6 decimals) at the BTC index, rounded down, as a decimal string. */
const btcInUsdt = (sats: bigint) =>
  formatUnits((sats * h.prices().usdtPriceUnits('BTC')) / 10n ** BigInt(8 + PRICE_SCALE - 6), 6);

describe('draw infos state every limit in the withdrawal’s currency', () => {
  it('a newcomer sees 0 remaining today, not the configured daily maximum', async () => {
    const u = await h.user();
    const d = await infos(u.token);
    for (const c of d.currencies) {
      expect(c.todayRemaining, c.currency).toBe('0');
      expect(c.kycRemaining, c.currency).toBe('0');
    }
    expect(row(d, 'USDT').daily).toBe('99999999');
    expect(d.bank).toMatchObject({ todayRemaining: '0', kycRemaining: '0', max: '0', min: '100', currency: 'USDT' });
  });

  it('a verified user: the KYC 24 h limit converted at the index, the smaller of it and the daily maximum', async () => {
    const u = await h.user({ kyc: 'basic' });
    const d = await infos(u.token);
    const kycUsdt = btcInUsdt(parseUnits('200', 8));
    expect(row(d, 'USDT')).toMatchObject({ kycRemaining: kycUsdt, todayRemaining: kycUsdt });
    // BTC: the KYC limit (200) is below the daily maximum (1000)
    expect(row(d, 'BTC')).toMatchObject({ kycRemaining: '200', todayRemaining: '200', daily: '1000' });
    expect(d.bank).toMatchObject({ kycRemaining: kycUsdt, todayRemaining: kycUsdt, max: '5000' });
  });
});

describe('bank and on-chain withdrawals share the limits', () => {
  it('a bank withdrawal counts in the KYC 24-hour limit and the USDT day; the KYC limit refuses it', async () => {
    const u = await h.user({ kyc: 'basic' });
    await h.deposit(u.id, 'BTC', 'BTC', '250');
    await h.deposit(u.id, 'USDT', 'TRC20', '20000');
    // 199.99 BTC of the 200 BTC limit used on chain
    expect((await withdrawBtc(u.token, '100')).status).toBe(200);
    expect((await withdrawBtc(u.token, '99.99')).status).toBe(200);
    const left = await infos(u.token);
    expect(left.kyc.remainingBtc24h).toBe('0.01');
    const leftUsdt = btcInUsdt(parseUnits('0.01', 8));
    expect(left.bank.kycRemaining).toBe(leftUsdt);
    expect(row(left, 'USDT').todayRemaining).toBe(leftUsdt);

    const over = await bank(u.token, '5000');
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: 'KYC_LIMIT' });
    expect(over.body.message).toContain('remaining: 0.01 BTC');
    const ok = await bank(u.token, '100');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const after = await infos(u.token);
    expect(Number(after.kyc.remainingBtc24h)).toBeLessThan(0.01);
    expect(await usedToday(server.built.ctx.db, u.id, 'USDT', clock.now())).toBe(parseUnits('100', 6));

    // a rejected bank withdrawal no longer counts
    const list = await server.api('/admin/wallet/bank-withdrawals', { status: 'pending' }, { token: h.finance });
    const mine = list.body.data.items.find((b: any) => b.userId === u.id);
    await server.api('/admin/wallet/bank-withdrawals/reject', { id: mine.id, reason: 'test' }, { token: h.finance });
    expect((await infos(u.token)).kyc.remainingBtc24h).toBe('0.01');
    expect(await usedToday(server.built.ctx.db, u.id, 'USDT', clock.now())).toBe(0n);

    // 24 hours later the limit is whole again
    await h.advance(86_400_001);
    expect((await infos(u.token)).kyc.remainingBtc24h).toBe('200');
  });

  it('the bank per-transaction bounds come from the same service', async () => {
    const u = await h.user({ kyc: 'advanced' });
    await h.deposit(u.id, 'USDT', 'TRC20', '1000');
    expect((await bank(u.token, '99.99')).body.error).toBe('BELOW_MINIMUM');
    expect((await infos(u.token)).bank.max).toBe('1000000');
  });
});
