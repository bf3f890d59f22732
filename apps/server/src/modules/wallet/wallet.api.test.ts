import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { rid, useWalletHarness } from './wallet.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));

const server = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
const h = useWalletHarness(server, clock);

describe('assets and deposits', () => {
  it('credits a deposit after 1 confirmation and unlocks it for withdrawal after 3', async () => {
    const u = await h.user();
    const addr = await server.api(
      '/xb/v1/wallet/deposit/address',
      { currency: 'USDT', chain: 'TRC20' },
      { token: u.token },
    );
    expect(addr.status).toBe(200);
    expect(addr.body.data.address).toMatch(/^T/);
    expect(addr.body.data).toMatchObject({ minDeposit: '1', creditConfirmations: 1, unlockConfirmations: 3 });
    const again = await server.api(
      '/xb/v1/wallet/deposit/address',
      { currency: 'usdt', chain: 'trc20' },
      { token: u.token },
    );
    expect(again.body.data.address).toBe(addr.body.data.address);

    const d = await h.deposit(u.id, 'USDT', 'TRC20', '1000', 0);
    expect(d).toMatchObject({ status: 'pending', confirmations: 0, address: addr.body.data.address });
    let assets = await server.api('/xb/v1/wallet/assets', {}, { token: u.token });
    expect(assets.body.data.wallets[0].currencies[0]).toMatchObject({ currency: 'USDT', available: '0' });

    const c1 = await server.api('/admin/chain/confirm', { depositId: d.id, confirmations: 1 }, { token: h.finance });
    expect(c1.body.data).toMatchObject({ status: 'credited', withdrawable: false });
    assets = await server.api('/xb/v1/wallet/assets', {}, { token: u.token });
    const spot = assets.body.data.wallets.find((w: any) => w.wallet === 'spot');
    expect(spot.currencies[0]).toMatchObject({
      currency: 'USDT',
      available: '1000',
      withdrawable: '0',
      lockedDeposits: '1000',
      usdtValue: '1000',
    });
    expect(assets.body.data.usdtTotal).toBe('1000');
    expect(assets.body.data.demo).toBe(true);
    expect(spot.realizedPnl).toBe('0');

    const c3 = await server.api('/admin/chain/confirm', { depositId: d.id, confirmations: 3 }, { token: h.finance });
    expect(c3.body.data).toMatchObject({ status: 'confirmed', withdrawable: true });
    assets = await server.api('/xb/v1/wallet/assets', {}, { token: u.token });
    expect(assets.body.data.wallets[0].currencies[0]).toMatchObject({ withdrawable: '1000', lockedDeposits: '0' });

    const recs = await server.api('/xb/v1/wallet/deposit/records', {}, { token: u.token });
    expect(recs.body.data.items).toHaveLength(1);
    expect(recs.body.data.items[0]).toMatchObject({ amount: '1000', status: 'confirmed', confirmations: 3 });
    await h.checkLedger();
  });

  it('refuses deposits below the minimum, unknown chains and duplicate transactions', async () => {
    const u = await h.user();
    let res = await server.api(
      '/admin/chain/deposit',
      { user: u.id, currency: 'USDT', chain: 'TRC20', amount: '0.5' },
      { token: h.finance, locale: 'de' },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Die Mindesteinzahlung beträgt 1 USDT');
    res = await server.api(
      '/admin/chain/deposit',
      { user: u.id, currency: 'BTC', chain: 'TRC20', amount: '1' },
      { token: h.finance },
    );
    expect(res.body.error).toBe('UNKNOWN_CHAIN');
    const tx = { user: u.email, currency: 'BTC', chain: 'BTC', amount: '0.5', txHash: 'abcdef0123456789' };
    expect((await server.api('/admin/chain/deposit', tx, { token: h.finance })).status).toBe(200);
    expect((await server.api('/admin/chain/deposit', tx, { token: h.finance })).status).toBe(400);
    const user = await h.user();
    expect((await server.api('/admin/chain/deposit', tx, { token: user.token })).status).toBe(401);
  });
});

describe('transfers', () => {
  it('moves funds between wallets once per requestId, with the spec message when short', async () => {
    const u = await h.user();
    await h.deposit(u.id, 'USDT', 'TRC20', '500');
    const body = { requestId: rid('t'), currency: 'USDT', from: 'spot', to: 'futures', amount: '120.5' };
    const [a, b] = await Promise.all([
      server.api('/xb/v1/wallet/transfer', body, { token: u.token }),
      server.api('/xb/v1/wallet/transfer', body, { token: u.token }),
    ]);
    expect(a.status).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
    const again = await server.api('/xb/v1/wallet/transfer', body, { token: u.token });
    expect(again.body.data).toEqual(a.body.data);
    const conflict = await server.api('/xb/v1/wallet/transfer', { ...body, amount: '1' }, { token: u.token });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe('REQUEST_ID_REUSED');

    // after a restart on the same database the id is still spent
    await server.restart();
    h.install();
    const afterRestart = await server.api('/xb/v1/wallet/transfer', body, { token: u.token });
    expect(afterRestart.body.data).toEqual(a.body.data);

    const assets = await server.api('/xb/v1/wallet/assets', {}, { token: u.token });
    const byWallet = Object.fromEntries(
      assets.body.data.wallets.map((w: any) => [w.wallet, w.currencies[0].available]),
    );
    expect(byWallet).toEqual({ spot: '379.5', futures: '120.5', earn: '0' });

    const short = await server.api(
      '/xb/v1/wallet/transfer',
      { ...body, requestId: rid('t'), amount: '1000' },
      { token: u.token, locale: 'zh_cn' },
    );
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: 'INSUFFICIENT_BALANCE', message: '可用余额不足' });
    await h.checkLedger();
  });

  it('validates every field and changes nothing on a bad request', async () => {
    const u = await h.user();
    await h.deposit(u.id, 'USDT', 'TRC20', '10');
    const base = { requestId: rid('v'), currency: 'USDT', from: 'spot', to: 'earn', amount: '1' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...base, amount: '0' }, 'amount', 'Amount must be greater than zero'],
      [{ ...base, amount: '-1' }, 'amount', ''],
      [{ ...base, amount: '1.0000001' }, 'amount', 'Amount can have at most 6 decimal places'],
      [{ ...base, amount: 1 }, 'amount', ''],
      [{ ...base, amount: '1e3' }, 'amount', ''],
      [{ ...base, to: 'spot' }, 'to', 'Choose two different accounts'],
      [{ ...base, to: 'margin' }, 'to', ''],
      [{ ...base, currency: 'XYZ' }, 'currency', 'This currency is not supported'],
      [{ ...base, requestId: 'x' }, 'requestId', ''],
      [{ ...base, extra: 1 }, 'extra', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await server.api('/xb/v1/wallet/transfer', body, { token: u.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
      if (message) expect(res.body.message).toBe(message);
    }
    const assets = await server.api('/xb/v1/wallet/assets', {}, { token: u.token });
    expect(assets.body.data.wallets[0].currencies[0].available).toBe('10');
    expect((await server.api('/xb/v1/wallet/transfer', base)).status).toBe(401);
  });
});

describe('records', () => {
  it('lists the ledger history with a type filter and a bounded date range', async () => {
    const u = await h.user();
    await h.deposit(u.id, 'USDT', 'TRC20', '50');
    await server.api(
      '/xb/v1/wallet/transfer',
      { requestId: rid(), currency: 'USDT', from: 'spot', to: 'futures', amount: '5' },
      { token: u.token },
    );
    const all = await server.api('/xb/v1/wallet/records', {}, { token: u.token });
    expect(all.body.data.items.map((i: any) => i.kind)).toEqual(['transfer', 'transfer', 'deposit']);
    const deposits = await server.api('/xb/v1/wallet/records', { type: 'deposit' }, { token: u.token });
    expect(deposits.body.data.items).toEqual([
      expect.objectContaining({ type: 'deposit', currency: 'USDT', available: '50', wallet: 'spot' }),
    ]);
    const now = clock.now();
    const tooLong = await server.api(
      '/xb/v1/wallet/records',
      { from: now - 91 * 86_400_000, to: now },
      { token: u.token, locale: 'fr' },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('La période ne peut pas dépasser 90 jours');
    const empty = await server.api(
      '/xb/v1/wallet/records',
      { from: now - 10 * 86_400_000, to: now - 9 * 86_400_000 },
      { token: u.token },
    );
    expect(empty.body.data.items).toEqual([]);
  });
});

describe('convert', () => {
  it('quotes at the index price with spread and fee, executes once, refuses expired quotes', async () => {
    const u = await h.user();
    await h.deposit(u.id, 'USDT', 'TRC20', '10000');
    const q = await server.api('/xb/v1/convert/quote', { from: 'USDT', to: 'BTC', amount: '1000' }, { token: u.token });
    expect(q.status).toBe(200);
    const quote = q.body.data;
    expect(quote).toMatchObject({
      from: 'USDT',
      to: 'BTC',
      amount: '1000',
      spread: '0.002',
      feeRate: '0.001',
      validSeconds: 10,
      demo: true,
    });
    // receive = floor(1000 / btcPrice × 0.998) − ceil(fee)
    const btc = Number((await server.api('/xb/v1/market/index', { instrument: 'BTCUSDT' })).body.data.prices[0].price);
    expect(Number(quote.receive) + Number(quote.fee)).toBeCloseTo((1000 / btc) * 0.998, 7);
    const requestId = rid('c');
    const ex = await server.api('/xb/v1/convert/execute', { requestId, quoteId: quote.quoteId }, { token: u.token });
    expect(ex.status).toBe(200);
    expect(ex.body.data).toMatchObject({ receive: quote.receive, amount: '1000' });
    // the same quote under another requestId does not convert twice
    const twice = await server.api(
      '/xb/v1/convert/execute',
      { requestId: rid('c'), quoteId: quote.quoteId },
      { token: u.token },
    );
    expect(twice.status).toBe(400);
    const assets = await server.api('/xb/v1/wallet/assets', {}, { token: u.token });
    const spot = assets.body.data.wallets[0].currencies;
    expect(spot.find((c: any) => c.currency === 'USDT').available).toBe('9000');
    expect(spot.find((c: any) => c.currency === 'BTC').available).toBe(quote.receive);

    const q2 = await server.api('/xb/v1/convert/quote', { from: 'USDT', to: 'ETH', amount: '10' }, { token: u.token });
    await h.advance(11_000);
    const late = await server.api(
      '/xb/v1/convert/execute',
      { requestId: rid('c'), quoteId: q2.body.data.quoteId },
      { token: u.token, locale: 'jp' },
    );
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({
      error: 'QUOTE_EXPIRED',
      message: 'この見積もりは期限切れです。新しい見積もりを取得してください',
    });

    const recs = await server.api('/xb/v1/convert/records', {}, { token: u.token });
    expect(recs.body.data.items).toHaveLength(1);
    await h.checkLedger();
  });

  it('enforces 0.001 … 1,000,000 and distinct currencies', async () => {
    const u = await h.user();
    for (const amount of ['0.0009', '1000000.01']) {
      const res = await server.api('/xb/v1/convert/quote', { from: 'USDT', to: 'BTC', amount }, { token: u.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The amount must be between 0.001 and 1000000');
    }
    expect(
      (await server.api('/xb/v1/convert/quote', { from: 'ETH', to: 'USDT', amount: '0.001' }, { token: u.token }))
        .status,
    ).toBe(200);
    // 0.001 USDT buys less than one satoshi: refused rather than rounded to nothing
    expect(
      (await server.api('/xb/v1/convert/quote', { from: 'USDT', to: 'BTC', amount: '0.001' }, { token: u.token })).body
        .error,
    ).toBe('VALIDATION');
    expect(
      (await server.api('/xb/v1/convert/quote', { from: 'BTC', to: 'BTC', amount: '1' }, { token: u.token })).body
        .error,
    ).toBe('VALIDATION');
    // insufficient balance at execution
    const q = await server.api('/xb/v1/convert/quote', { from: 'USDT', to: 'BTC', amount: '5' }, { token: u.token });
    const ex = await server.api(
      '/xb/v1/convert/execute',
      { requestId: rid(), quoteId: q.body.data.quoteId },
      { token: u.token },
    );
    expect(ex.body.error).toBe('INSUFFICIENT_BALANCE');
  });

  it('pauses on a stale price with PRICE_UNAVAILABLE', async () => {
    const u = await h.user();
    clock.advance(60_000); // no tick: the last price is now a minute old
    const res = await server.api(
      '/xb/v1/convert/quote',
      { from: 'USDT', to: 'BTC', amount: '5' },
      { token: u.token, locale: 'kr' },
    );
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('PRICE_UNAVAILABLE');
    expect(res.body.message).toContain('BTCUSDT');
    await h.advance(1000);
  });
});

describe('authorization', () => {
  it('never lets a user read or act on another user’s records', async () => {
    const alice = await h.user();
    const bob = await h.user();
    await h.deposit(alice.id, 'USDT', 'TRC20', '100');
    const q = await server.api(
      '/xb/v1/convert/quote',
      { from: 'USDT', to: 'BTC', amount: '10' },
      { token: alice.token },
    );
    const steal = await server.api(
      '/xb/v1/convert/execute',
      { requestId: rid(), quoteId: q.body.data.quoteId },
      { token: bob.token },
    );
    expect(steal.status).toBe(404);
    expect((await server.api('/xb/v1/wallet/deposit/records', {}, { token: bob.token })).body.data.items).toEqual([]);
    expect((await server.api('/xb/v1/wallet/records', {}, { token: bob.token })).body.data.items).toEqual([]);
    const bobAssets = await server.api('/xb/v1/wallet/assets', {}, { token: bob.token });
    expect(bobAssets.body.data.usdtTotal).toBe('0');
    // same requestId for two users: independent
    const requestId = rid('shared');
    await h.deposit(bob.id, 'USDT', 'TRC20', '10');
    const a = await server.api(
      '/xb/v1/wallet/transfer',
      { requestId, currency: 'USDT', from: 'spot', to: 'earn', amount: '1' },
      { token: alice.token },
    );
    const b = await server.api(
      '/xb/v1/wallet/transfer',
      { requestId, currency: 'USDT', from: 'spot', to: 'earn', amount: '2' },
      { token: bob.token },
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    // operator calls refuse users and the wrong role
    expect((await server.api('/admin/wallet/withdrawals', {}, { token: alice.token })).status).toBe(401);
    const support = await server.createOperator(['content']);
    expect(
      (
        await server.api(
          '/admin/chain/deposit',
          { user: bob.id, currency: 'USDT', chain: 'TRC20', amount: '5' },
          { token: support.token },
        )
      ).status,
    ).toBe(403);
  });
});
