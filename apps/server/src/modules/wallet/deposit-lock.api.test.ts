import { describe, expect, it } from 'vitest';
import { parseUnits } from '@tidemark/contract/money';
import { ManualClock } from '../../platform/clock.ts';
import { currencyOf } from '../market/currencies.ts';
import { rid, withdrawBody, useWalletHarness } from './wallet.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

/**
 * The confirmation lock tried the ways a user would try to get round it: a deposit credited at 1
 * confirmation is converted, traded, moved through the futures wallet or paid out by bank, and the
 * withdrawal of what it became is refused until the deposit has its 3 confirmations — each of these
 * routes went through when the lock only looked at the same currency's spot balance.
 */

const clock = new ManualClock(Date.UTC(2026, 5, 1, 1));
const BTC_ADDR = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const EVM_ADDR = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const server = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
const h = useWalletHarness(server, clock, { stubCodes: true, checkLedger: true });

const withdraw = (token: string, body: Record<string, unknown>, locale?: string) =>
  server.api('/xb/v1/wallet/withdraw', withdrawBody(body), { token, ...(locale ? { locale } : {}) });
const bank = (token: string, amount: string) => h.bankWithdraw(token, amount);
const spot = (token: string, currency: string) => h.spotRow(token, currency);
const convert = async (token: string, from: string, to: string, amount: string) => {
  const q = await server.api('/xb/v1/convert/quote', { from, to, amount }, { token });
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  const ex = await server.api(
    '/xb/v1/convert/execute',
    { requestId: rid('c'), quoteId: q.body.data.quoteId },
    { token },
  );
  expect(ex.status, JSON.stringify(ex.body)).toBe(200);
  return ex.body.data.receive as string;
};
const transfer = async (token: string, currency: string, from: string, to: string, amount: string) => {
  const res = await server.api(
    '/xb/v1/wallet/transfer',
    { requestId: rid('t'), currency, from, to, amount },
    { token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const confirm = (depositId: number, confirmations: number) =>
  server.api('/admin/chain/confirm', { depositId, confirmations }, { token: h.finance });

describe('the 3-confirmation lock follows the value of the deposit', () => {
  it('convert then withdraw: refused until the deposit is confirmed, with when it will be possible', async () => {
    const u = await h.user({ kyc: 'basic' });
    const d = await h.deposit(u.id, 'USDT', 'TRC20', '1000', 1);
    expect(d).toMatchObject({ status: 'credited', confirmations: 1, demo: true });
    const btc = await convert(u.token, 'USDT', 'BTC', '1000');
    const res = await withdraw(u.token, { currency: 'BTC', chain: 'BTC', address: BTC_ADDR, amount: btc });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('DEPOSIT_LOCKED');
    expect(res.body.message).toMatch(
      /^Deposits still waiting for confirmations \(1000 USDT\) must stay covered by what you own; after this withdrawal you would have 0 USDT\. It will be possible after 2 more confirmation\(s\) on TRC20, in about 1 min$/,
    );
    const de = await withdraw(u.token, { currency: 'BTC', chain: 'BTC', address: BTC_ADDR, amount: btc }, 'de');
    expect(de.body.message).toContain('nach 2 weiteren Bestätigung(en) auf TRC20');
    expect(await spot(u.token, 'BTC')).toMatchObject({ available: btc, frozen: '0' });

    await confirm(d.id, 2);
    const two = await withdraw(u.token, { currency: 'BTC', chain: 'BTC', address: BTC_ADDR, amount: btc });
    expect(two.body.message).toContain('after 1 more confirmation(s) on TRC20');
    await confirm(d.id, 3);
    const ok = await withdraw(u.token, { currency: 'BTC', chain: 'BTC', address: BTC_ADDR, amount: btc });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('allows what the rest of the user’s equity covers', async () => {
    const u = await h.user({ kyc: 'basic' });
    await h.deposit(u.id, 'USDT', 'TRC20', '400', 3);
    await h.deposit(u.id, 'BTC', 'BTC', '0.1', 1);
    // the BTC deposit itself stays; the confirmed USDT may go
    expect((await withdraw(u.token, { currency: 'USDT', amount: '400' })).status).toBe(200);
    // the BTC itself waits for its confirmations
    const btc = await withdraw(u.token, { currency: 'BTC', chain: 'BTC', address: BTC_ADDR, amount: '0.05' });
    expect(btc.body.error).toBe('NOT_WITHDRAWABLE');
  });

  it('spot trade then withdraw: the bought coin cannot leave while the USDT that paid for it is unconfirmed', async () => {
    const maker = await server.createUser();
    await server.fund(maker.id, 'SOL', parseUnits('10', currencyOf('SOL')!.scale));
    const sell = await server.api(
      '/xb/v1/spot/order/place',
      { clientOrderId: rid('m'), symbol: 'SOLUSDT', side: 'sell', type: 'limit', price: '100', quantity: '5' },
      { token: maker.token },
    );
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    const u = await h.user({ kyc: 'basic' });
    const d = await h.deposit(u.id, 'USDT', 'TRC20', '1000', 1);
    const buy = await server.api(
      '/xb/v1/spot/order/place',
      { clientOrderId: rid('u'), symbol: 'SOLUSDT', side: 'buy', type: 'limit', price: '100', quantity: '5' },
      { token: u.token },
    );
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    const sol = (await spot(u.token, 'SOL')).available;
    expect(Number(sol)).toBeGreaterThan(4.9);
    const res = await withdraw(u.token, { currency: 'SOL', chain: 'BEP20', address: EVM_ADDR, amount: sol });
    expect(res.body.error).toBe('DEPOSIT_LOCKED');
    await confirm(d.id, 3);
    expect((await withdraw(u.token, { currency: 'SOL', chain: 'BEP20', address: EVM_ADDR, amount: sol })).status).toBe(
      200,
    );
  });

  it('bank withdraw: refused while the deposit is unconfirmed, like an on-chain one', async () => {
    const u = await h.user({ kyc: 'basic' });
    const d = await h.deposit(u.id, 'USDT', 'TRC20', '1000', 1);
    const res = await bank(u.token, '500');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('DEPOSIT_LOCKED');
    expect(await spot(u.token, 'USDT')).toMatchObject({ available: '1000', frozen: '0' });
    await confirm(d.id, 3);
    expect((await bank(u.token, '500')).status).toBe(200);
  });

  it('transfer through the futures wallet then withdraw: the lock still holds', async () => {
    const u = await h.user({ kyc: 'basic' });
    const d = await h.deposit(u.id, 'BTC', 'BTC', '0.02', 1);
    const usdt = await convert(u.token, 'BTC', 'USDT', '0.02');
    await transfer(u.token, 'USDT', 'spot', 'futures', usdt);
    await transfer(u.token, 'USDT', 'futures', 'spot', usdt);
    const amount = String(Math.floor(Number(usdt)));
    const res = await withdraw(u.token, { currency: 'USDT', amount });
    expect(res.body.error).toBe('DEPOSIT_LOCKED');
    // BTC blocks every ~10 minutes: 2 more confirmations ≈ 20 minutes
    expect(res.body.message).toContain('after 2 more confirmation(s) on BTC, in about 20 min');
    // while the value sits in the futures wallet it still counts as the user's: nothing else is needed
    await transfer(u.token, 'USDT', 'spot', 'futures', usdt);
    expect((await withdraw(u.token, { currency: 'USDT', amount: '100' })).body.error).toBe('INSUFFICIENT_BALANCE');
    await transfer(u.token, 'USDT', 'futures', 'spot', usdt);
    await confirm(d.id, 3);
    expect((await withdraw(u.token, { currency: 'USDT', amount })).status).toBe(200);
  });
});
