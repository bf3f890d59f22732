import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { FUND_PASSWORD, rid, TRON_ADDRESS, withdrawBody, useWalletHarness } from './wallet.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock(Date.UTC(2026, 5, 1, 1));
const BTC_ADDR = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const DOGE_ADDR = 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L';

const server = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
const h = useWalletHarness(server, clock);

const spotOf = (token: string, currency: string) => h.spotRow(token, currency);
const withdraw = (token: string, body: Record<string, unknown>, locale?: string) =>
  server.api('/xb/v1/wallet/withdraw', withdrawBody(body), { token, ...(locale ? { locale } : {}) });

/** An operator's request to the admin API under `/admin/`, by the finance operator unless another token is given. */
const admin = (path: string, body: Record<string, unknown>, token: string = h.finance, locale?: string) =>
  server.api(`/admin/${path}`, body, locale ? { token, locale } : { token });

/**
 * Runs `check` while any withdrawal code is accepted, handing it withdrawals by `token` of an amount to `to`; the
 * code stub is removed afterwards whatever happens.
 */
async function withCodesStubbed(
  token: string,
  to: { currency: string; chain: string; address: string },
  check: (w: (amount: string) => ReturnType<typeof withdraw>) => Promise<void>,
) {
  const restore = h.stubCodes();
  try {
    await check((amount) => withdraw(token, { ...to, amount }));
  } finally {
    restore();
  }
}

describe('withdrawal application', () => {
  it('validates address, limits, KYC, fund password and code, and changes nothing when refused', async () => {
    const u = await h.user({ kyc: 'basic' });
    await h.deposit(u.id, 'USDT', 'TRC20', '1000');
    const code = await h.code(u);
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }, 400, 'INVALID_ADDRESS', 'This is not a valid TRC20 address'],
      [{ address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }, 400, 'INVALID_ADDRESS'],
      [{ chain: 'BTC' }, 400, 'UNKNOWN_CHAIN'],
      [{ amount: '99.999999' }, 400, 'BELOW_MINIMUM', 'The minimum withdrawal is 100 USDT'],
      [{ amount: '1000000.000001' }, 400, 'ABOVE_MAXIMUM', 'The maximum per withdrawal is 1000000 USDT'],
      [{ amount: '0' }, 400, 'VALIDATION', 'Amount must be greater than zero'],
      [{ fundPassword: '111111', code }, 400, 'FUND_PASSWORD_WRONG', 'The fund password is wrong'],
      [{ code: '999999' }, 400, 'CODE_WRONG'],
      [{ amount: '2000', code }, 400, 'INSUFFICIENT_BALANCE', 'Insufficient available balance'],
    ];
    for (const [body, status, error, message] of cases) {
      const res = await withdraw(u.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error, JSON.stringify(res.body)).toBe(error);
      if (message) expect(res.body.message).toBe(message);
    }
    expect(await spotOf(u.token, 'USDT')).toMatchObject({ available: '1000', frozen: '0' });
    const fresh = await h.code(u);
    const res = await withdraw(u.token, { code: fresh }, 'zh_hk');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'pending',
      amount: '100',
      fee: '1',
      receive: '99',
      message: '提現申請成功',
    });
    expect(await spotOf(u.token, 'USDT')).toMatchObject({ available: '900', frozen: '100' });
    // the code is spent
    expect((await withdraw(u.token, { code: fresh })).body.error).toBe('CODE_INVALID');
    await h.checkLedger();
  });

  it('refuses users without identity verification, leading to /mine/identity', async () => {
    const u = await h.user();
    await h.deposit(u.id, 'USDT', 'TRC20', '1000');
    const res = await withdraw(u.token, {}, 'en_us');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('KYC_REQUIRED');
    expect(res.body.message).toContain('Identity verification');
    const infos = await server.api('/xb/v1/account/currency/draw/infos', {}, { token: u.token });
    expect(infos.body.data.kyc).toMatchObject({ level: 'none', limitBtc24h: '0', verifyPath: '/mine/identity' });
  });

  it('requires a fund password to be set', async () => {
    const u = await h.user({ kyc: 'basic', fundPassword: false });
    await h.deposit(u.id, 'USDT', 'TRC20', '1000');
    const res = await withdraw(u.token, {}, 'fr');
    expect(res.body).toMatchObject({
      error: 'FUND_PASSWORD_NOT_SET',
      message: 'Veuillez d’abord définir un mot de passe des fonds',
    });
  });

  it('keeps deposits below 3 confirmations out of reach', async () => {
    const u = await h.user({ kyc: 'basic' });
    await h.deposit(u.id, 'USDT', 'TRC20', '150', 3);
    await h.deposit(u.id, 'USDT', 'TRC20', '500', 1);
    const res = await withdraw(u.token, { amount: '200', code: await h.code(u) });
    expect(res.body).toMatchObject({ error: 'NOT_WITHDRAWABLE' });
    expect(res.body.message).toContain('150 USDT');
    expect((await withdraw(u.token, { amount: '150', code: await h.code(u) })).status).toBe(200);
  });

  it('applies the KYC 24-hour limit valued in BTC', async () => {
    const u = await h.user({ kyc: 'basic' });
    await h.deposit(u.id, 'BTC', 'BTC', '300');
    await withCodesStubbed(u.token, { currency: 'BTC', chain: 'BTC', address: BTC_ADDR }, async (w) => {
      expect((await w('100')).status).toBe(200);
      expect((await w('100')).status).toBe(200);
      const over = await w('0.001');
      expect(over.body).toMatchObject({
        error: 'KYC_LIMIT',
        message: 'This exceeds your 24-hour withdrawal limit of 200 BTC; remaining: 0 BTC',
      });
      h.levels.set(u.id, 'advanced');
      expect((await w('50')).status).toBe(200);
      const infos = await server.api('/xb/v1/account/currency/draw/infos', {}, { token: u.token });
      expect(infos.body.data.kyc).toMatchObject({ level: 'advanced', limitBtc24h: '500', remainingBtc24h: '250' });
      // 24 hours later the window is free again
      await h.advance(24 * 3600_000 + 1000);
      h.levels.set(u.id, 'basic');
      expect((await w('49')).status).toBe(200);
    });
  });

  it('applies the per-day limit of the currency', async () => {
    const u = await h.user({ kyc: 'advanced' });
    await h.deposit(u.id, 'DOGE', 'DOGE', '60000000');
    await withCodesStubbed(u.token, { currency: 'DOGE', chain: 'DOGE', address: DOGE_ADDR }, async (w) => {
      for (let i = 0; i < 10; i += 1) expect((await w('5000000')).status).toBe(200);
      const over = await w('100');
      expect(over.body).toMatchObject({
        error: 'DAILY_LIMIT',
        message: 'This exceeds today’s withdrawal limit; remaining today: 0 DOGE',
      });
      const infos = await server.api('/xb/v1/account/currency/draw/infos', {}, { token: u.token });
      expect(infos.body.data.currencies.find((c: any) => c.currency === 'DOGE')).toMatchObject({
        todayRemaining: '0',
        daily: '50000000',
        min: '100',
        max: '5000000',
      });
    });
  });
});

describe('withdrawal review', () => {
  it('approve → sent → confirmed → completed, audited, fees and hot wallet balanced', async () => {
    const u = await h.user({ kyc: 'basic' });
    await h.deposit(u.id, 'USDT', 'TRC20', '500');
    const app = await withdraw(u.token, { amount: '300', code: await h.code(u) });
    const id = app.body.data.id;
    const approved = await admin('wallet/withdrawals/approve', { id });
    expect(approved.body.data).toMatchObject({ status: 'sent', receive: '299' });
    expect(approved.body.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await spotOf(u.token, 'USDT')).toMatchObject({ available: '200', frozen: '0' });
    expect((await server.api('/xb/v1/wallet/withdraw/cancel', { id }, { token: u.token })).body.error).toBe(
      'WRONG_STATE',
    );
    const done = await admin('chain/confirm', { withdrawalId: id });
    expect(done.body.data.status).toBe('completed');
    const recs = await server.api('/xb/v1/wallet/withdraw/records', {}, { token: u.token });
    expect(recs.body.data.items[0]).toMatchObject({ id, status: 'completed' });
    const audit = (await server.built.ctx.db.execute(
      sql`select action from audit_log where target_type = 'withdrawal' and target_id = ${String(id)} order by id`,
    )) as unknown as { rows: Array<{ action: string }> };
    expect(audit.rows.map((r) => r.action)).toEqual(['withdrawal.approve', 'chain.confirm_withdrawal']);
    await h.checkLedger();
  });

  it('reject releases with a reason; the user may cancel while it waits; nobody else can', async () => {
    const u = await h.user({ kyc: 'basic' });
    const other = await h.user({ kyc: 'basic' });
    await h.deposit(u.id, 'USDT', 'TRC20', '500');
    const a = await withdraw(u.token, { amount: '100', code: await h.code(u) });
    const rejected = await admin('wallet/withdrawals/reject', {
      id: a.body.data.id,
      reason: 'address on a sanctions list',
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'address on a sanctions list' });
    const b = await withdraw(u.token, { amount: '100', code: await h.code(u) });
    expect(
      (await server.api('/xb/v1/wallet/withdraw/cancel', { id: b.body.data.id }, { token: other.token })).status,
    ).toBe(404);
    expect((await server.api('/xb/v1/wallet/withdraw/records', {}, { token: other.token })).body.data.items).toEqual(
      [],
    );
    expect(
      (await server.api('/xb/v1/wallet/withdraw/cancel', { id: b.body.data.id }, { token: u.token })).body.data.status,
    ).toBe('cancelled');
    expect(await spotOf(u.token, 'USDT')).toMatchObject({ available: '500', frozen: '0' });
    expect((await admin('wallet/withdrawals/approve', { id: b.body.data.id })).body.error).toBe('WRONG_STATE');
    await h.checkLedger();
  });

  it('the chain failing a sent withdrawal gives the whole amount back, once a second operator approves', async () => {
    const u = await h.user({ kyc: 'basic' });
    await h.deposit(u.id, 'USDT', 'TRC20', '200');
    const a = await withdraw(u.token, { amount: '200', code: await h.code(u) });
    await admin('wallet/withdrawals/approve', { id: a.body.data.id });
    const proposed = await admin('chain/confirm', { withdrawalId: a.body.data.id, failed: true });
    expect(proposed.body.data).toMatchObject({
      approvalRequired: true,
      proposal: { kind: 'withdrawal_fail', status: 'pending', amount: '200' },
    });
    // nothing is refunded by one operator alone, and the proposer cannot approve it
    expect(await spotOf(u.token, 'USDT')).toMatchObject({ available: '0', frozen: '0' });
    const id = proposed.body.data.proposal.id;
    expect((await admin('wallet/adjustments/approve', { id })).body.error).toBe('SECOND_OPERATOR_REQUIRED');
    const failed = await admin('wallet/adjustments/approve', { id }, h.secondFinance);
    expect(failed.body.data).toMatchObject({ status: 'approved', result: { status: 'failed' } });
    expect(await spotOf(u.token, 'USDT')).toMatchObject({ available: '200', frozen: '0' });
    const audit = await server.built.ctx.db.execute(
      sql`select action, operator_id from audit_log where target_type = 'adjustment' and target_id = ${String(id)}
          or (target_type = 'withdrawal' and target_id = ${String(a.body.data.id)} and action = 'chain.fail_withdrawal')
          order by id`,
    );
    expect((audit as unknown as { rows: Array<{ action: string }> }).rows.map((r) => r.action)).toEqual([
      'withdrawal_fail.propose',
      'chain.fail_withdrawal',
      'withdrawal_fail.approve',
    ]);
    await h.checkLedger();
  });
});

describe('bank withdrawals', () => {
  const bank = (token: string, body: Record<string, unknown> = {}, locale?: string) =>
    server.api(
      '/xb/v1/wallet/withdraw-bank',
      {
        requestId: rid('b'),
        cardholder: 'Ada Lovelace',
        bankName: 'First Bank',
        branchName: 'Main St',
        bankCode: '021000021',
        cardNumber: '4111111111111111',
        amount: '1000',
        fundPassword: FUND_PASSWORD,
        ...body,
      },
      { token, ...(locale ? { locale } : {}) },
    );

  it('applies the fee, the KYC fiat single limit, and is paid or rejected by the operator', async () => {
    const none = await h.user();
    expect((await bank(none.token)).body.error).toBe('KYC_REQUIRED');
    const u = await h.user({ kyc: 'basic' });
    await h.deposit(u.id, 'USDT', 'TRC20', '20000');
    const over = await bank(u.token, { amount: '5000.01' });
    expect(over.body).toMatchObject({
      error: 'KYC_LIMIT',
      message: 'A bank withdrawal can be at most 5000 USDT at your verification level',
    });
    expect((await bank(u.token, { cardNumber: '12-34' })).body.field).toBe('cardNumber');
    expect((await bank(u.token, { amount: '99' })).body.error).toBe('BELOW_MINIMUM');
    expect((await bank(u.token, { fundPassword: '000000' })).body.error).toBe('FUND_PASSWORD_WRONG');
    const applied = await bank(u.token, { amount: '5000' });
    expect(applied.body.data).toMatchObject({
      amount: '5000',
      fee: '50',
      receive: '4950',
      status: 'pending',
      cardNumber: '****1111',
    });
    const paid = await admin('wallet/bank-withdrawals/paid', { id: applied.body.data.id });
    expect(paid.body.data).toMatchObject({ status: 'paid', cardNumber: '4111111111111111' });
    const second = await bank(u.token, { amount: '1000' });
    await admin('wallet/bank-withdrawals/reject', { id: second.body.data.id, reason: 'name does not match' });
    expect(await spotOf(u.token, 'USDT')).toMatchObject({ available: '15000', frozen: '0' });
    const recs = await server.api('/xb/v1/wallet/withdraw-bank/records', {}, { token: u.token });
    expect(recs.body.data.items.map((i: any) => i.status)).toEqual(['rejected', 'paid']);
    h.levels.set(u.id, 'advanced');
    expect((await bank(u.token, { amount: '10000' })).status).toBe(200);
    await h.checkLedger();
  });
});

describe('address book', () => {
  it('adds checked addresses, refuses duplicates, deletes only its own', async () => {
    const u = await h.user();
    const other = await h.user();
    const add = (token: string, body: Record<string, unknown>) =>
      server.api(
        '/xb/v1/wallet/address/add',
        { currency: 'USDT', chain: 'TRC20', address: TRON_ADDRESS, remark: 'cold', ...body },
        { token },
      );
    const a = await add(u.token, {});
    expect(a.status).toBe(200);
    expect((await add(u.token, {})).body.error).toBe('DUPLICATE');
    expect((await add(u.token, { address: 'TXYZ' })).body.error).toBe('INVALID_ADDRESS');
    expect(
      (await add(u.token, { currency: 'ETH', chain: 'ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }))
        .status,
    ).toBe(200);
    expect(
      (await server.api('/xb/v1/wallet/address/list', { currency: 'USDT' }, { token: u.token })).body.data.items,
    ).toHaveLength(1);
    expect(
      (await server.api('/xb/v1/wallet/address/delete', { id: a.body.data.id }, { token: other.token })).status,
    ).toBe(404);
    expect((await server.api('/xb/v1/wallet/address/list', {}, { token: other.token })).body.data.items).toEqual([]);
    expect((await server.api('/xb/v1/wallet/address/delete', { id: a.body.data.id }, { token: u.token })).status).toBe(
      200,
    );
    expect((await server.api('/xb/v1/wallet/address/list', {}, { token: u.token })).body.data.items).toHaveLength(1);
  });
});

describe('manual adjustments', () => {
  it('need two different operators and land as a journal entry with the reason', async () => {
    const u = await h.user();
    const second = await server.createOperator(['finance']);
    const proposed = await admin('wallet/adjustments/propose', {
      userId: u.id,
      currency: 'USDT',
      amount: '25.5',
      reason: 'compensation for ticket #42',
    });
    expect(proposed.body.data.status).toBe('pending');
    expect((await spotOf(u.token, 'USDT')).available).toBe('0');
    const self = await admin('wallet/adjustments/approve', { id: proposed.body.data.id }, h.finance, 'de');
    expect(self.body).toMatchObject({
      error: 'SECOND_OPERATOR_REQUIRED',
      message: 'Diese Korrektur muss ein anderer Operator freigeben',
    });
    const approved = await admin('wallet/adjustments/approve', { id: proposed.body.data.id }, second.token);
    expect(approved.body.data).toMatchObject({ status: 'approved' });
    expect((await spotOf(u.token, 'USDT')).available).toBe('25.5');
    const recs = await server.api('/xb/v1/wallet/records', { type: 'adjustment' }, { token: u.token });
    expect(recs.body.data.items[0]).toMatchObject({ memo: 'compensation for ticket #42', available: '25.5' });
    expect((await admin('wallet/adjustments/approve', { id: proposed.body.data.id }, second.token)).body.error).toBe(
      'WRONG_STATE',
    );
    // a debit beyond the balance cannot be approved
    const debit = await admin('wallet/adjustments/propose', {
      userId: u.id,
      currency: 'USDT',
      amount: '-30',
      reason: 'reverse duplicate credit',
    });
    expect((await admin('wallet/adjustments/approve', { id: debit.body.data.id }, second.token)).body.error).toBe(
      'INSUFFICIENT_BALANCE',
    );
    const check = await admin('wallet/ledger-check', {});
    expect(check.body.data).toMatchObject({ ok: true, problems: [] });
  });
});
