import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { users } from '../account/user.schema.ts';
import { futuresHarness } from '../futures/futures.test-helpers.ts';
import { rid, walletHarness, withdrawBody } from '../wallet/wallet.test-helpers.ts';
import { QUIZ } from './rules.ts';
import { serverForSuite } from '../../testing/test-server.ts';

process.env.FUTURES_TICK_MS = '0'; // the test drives every tick

const DAY = 86_400_000;
let f: Awaited<ReturnType<typeof futuresHarness>>;
let w: ReturnType<typeof walletHarness>;
const clock = new ManualClock(Date.UTC(2026, 10, 26, 12));
const rightAnswers = Object.fromEntries(QUIZ.map((q) => [q.id, q.correct]));

const server = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false', RESPONSIBLE_TRADING: 'on' } });
beforeAll(async () => {
  f = await futuresHarness(server, clock);
  await f.setIndex('BTCUSDT', '50000');
  w = walletHarness(server, clock);
  await w.init();
});

const api = (path: string, body: unknown, token: string, locale?: string) =>
  server.api(path, body, { token, ...(locale ? { locale } : {}) });
const order = (token: string, body: Record<string, unknown>, locale?: string) =>
  api(
    '/xb/v1/futures/order/place',
    { clientOrderId: rid('fo'), symbol: 'BTCUSDT', type: 'limit', quantity: '0.01', ...body },
    token,
    locale,
  );
const passQuiz = (token: string) => api('/xb/v1/responsible/quiz/submit', { answers: rightAnswers }, token);
/** An account created `days` ago (the sign-up time is the account's own record). */
async function ageAccount(userId: number, days: number) {
  await server.built.ctx.db
    .update(users)
    .set({ createdAt: new Date(clock.now() - days * DAY) })
    .where(eq(users.id, userId));
}

describe('the appropriateness quiz', () => {
  it('refuses futures and cycle orders until the quiz is passed, naming the quiz', async () => {
    const u = await f.user('10000');
    const refused = await order(u.token, { side: 'buy', price: '49000' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('RISK_QUIZ_REQUIRED');
    expect(refused.body.message).toContain('risk quiz');
    const de = await order(u.token, { side: 'buy', price: '49000' }, 'de');
    expect(de.body.message).toContain('Risiko-Quiz');
    const cycle = await api(
      '/xb/v1/cycle/buy',
      { requestId: rid('cy'), instrument: 'BTCUSDT', period: 60, direction: 'up', stake: '100', terms: 'a'.repeat(32) },
      u.token,
    );
    expect(cycle.body.error).toBe('RISK_QUIZ_REQUIRED');
    expect(f.futures().openOrders(u.id)).toEqual([]);

    const status = await api('/xb/v1/responsible/status', {}, u.token);
    expect(status.body.data).toMatchObject({ enforced: true, quizPassed: false, excludedUntil: null });
    expect(status.body.data.quiz.map((q: { id: string }) => q.id)).toEqual(QUIZ.map((q) => q.id));
    expect(JSON.stringify(status.body.data)).not.toContain('correct');

    expect(status.body.data.quiz[0].options).toHaveLength(3);
    const fr = await api('/xb/v1/responsible/status', {}, u.token, 'fr');
    expect(fr.body.data.quiz.find((q: { id: string }) => q.id === 'leverage').text).toContain('levier de 20×');
    const wrong = await api('/xb/v1/responsible/quiz/submit', { answers: { ...rightAnswers, cycle: 'c' } }, u.token);
    expect(wrong.body.data).toMatchObject({ passed: false, wrong: ['cycle'] });
    expect(wrong.body.data.explanations.cycle).toContain('the whole stake is lost');
    expect((await order(u.token, { side: 'buy', price: '49000' })).body.error).toBe('RISK_QUIZ_REQUIRED');
    const bad = await api('/xb/v1/responsible/quiz/submit', { answers: { leverage: 'zz' } }, u.token);
    expect(bad.status).toBe(400);

    const passed = await passQuiz(u.token);
    expect(passed.body.data).toMatchObject({ passed: true, wrong: [], status: { quizPassed: true } });
    const ok = await order(u.token, { side: 'buy', price: '49000' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('leverage cap of young accounts', () => {
  it('caps a new account at 20× on leverage change and placement, and lets an older one use more', async () => {
    const young = await f.user('10000');
    await passQuiz(young.token);
    const status = await api('/xb/v1/responsible/status', {}, young.token);
    expect(status.body.data.leverageCap).toMatchObject({ cap: 20, days: 30 });
    // the futures account says the same, so the app's leverage selector stops at it
    const account = await api('/xb/v1/futures/account', {}, young.token);
    expect(account.body.data.leverageCap).toEqual(status.body.data.leverageCap);
    const high = await api('/xb/v1/futures/leverage', { symbol: 'BTCUSDT', leverage: 21 }, young.token);
    expect(high.status).toBe(400);
    expect(high.body.error).toBe('LEVERAGE_CAPPED');
    expect(high.body.message).toContain('20×');
    expect((await api('/xb/v1/futures/leverage', { symbol: 'BTCUSDT', leverage: 20 }, young.token)).status).toBe(200);

    const old = await f.user('10000');
    await ageAccount(old.id, 31);
    await passQuiz(old.token);
    expect((await api('/xb/v1/responsible/status', {}, old.token)).body.data.leverageCap).toBeNull();
    expect((await api('/xb/v1/futures/account', {}, old.token)).body.data.leverageCap).toBeNull();
    expect((await api('/xb/v1/futures/leverage', { symbol: 'BTCUSDT', leverage: 50 }, old.token)).status).toBe(200);
    expect((await order(old.token, { side: 'buy', price: '49000' })).status).toBe(200);

    // a setting made while old enough does not pass a placement once the rule applies (here: made young again)
    await ageAccount(old.id, 1);
    const placed = await order(old.token, { side: 'buy', price: '49000' });
    expect(placed.body.error).toBe('LEVERAGE_CAPPED');
  });
});

describe('cooling-off', () => {
  it('blocks opening but not closing or withdrawing, and cannot be shortened', async () => {
    const a = await f.user('10000');
    const b = await f.user('10000');
    for (const u of [a, b]) {
      await ageAccount(u.id, 60);
      await passQuiz(u.token);
    }
    // a opens a long against b
    expect((await order(b.token, { side: 'sell', price: '50000', quantity: '0.02' })).status).toBe(200);
    expect((await order(a.token, { side: 'buy', price: '50000', quantity: '0.02' })).body.data.status).toBe('filled');

    const set = await api('/xb/v1/responsible/cooling-off/set', { period: '24h' }, a.token);
    expect(set.status).toBe(200);
    expect(set.body.data.excludedUntil).toBe(clock.now() + DAY);

    const refused = await order(a.token, { side: 'buy', price: '49000' }, 'fr');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('COOLING_OFF_ACTIVE');
    expect(refused.body.message).toContain(new Date(clock.now() + DAY).toISOString().slice(0, 10));
    const cycle = await api(
      '/xb/v1/cycle/buy',
      { requestId: rid('cy'), instrument: 'BTCUSDT', period: 60, direction: 'up', stake: '100', terms: 'a'.repeat(32) },
      a.token,
    );
    expect(cycle.body.error).toBe('COOLING_OFF_ACTIVE');

    // shorter: refused; longer: extends
    const shorter = await api('/xb/v1/responsible/cooling-off/set', { period: '24h' }, a.token);
    clock.advance(1000);
    const shorter2 = await api('/xb/v1/responsible/cooling-off/set', { period: '24h' }, a.token);
    expect(shorter.status).toBe(200); // the same end again: not shorter
    expect(shorter2.status).toBe(200); // 24 h from a second later is longer, not shorter
    const week = await api('/xb/v1/responsible/cooling-off/set', { period: '7d' }, a.token);
    expect(week.body.data.excludedUntil).toBe(clock.now() + 7 * DAY);
    const back = await api('/xb/v1/responsible/cooling-off/set', { period: '24h' }, a.token);
    expect(back.status).toBe(400);
    expect(back.body.error).toBe('COOLING_OFF_NOT_SHORTER');
    expect((await api('/xb/v1/responsible/status', {}, a.token)).body.data.excludedUntil).toBe(clock.now() + 7 * DAY);
    expect((await api('/xb/v1/responsible/cooling-off/set', { period: '1y' }, a.token)).status).toBe(400);

    // closing: a reduce-only order against the position and the fast close both go through
    expect((await order(b.token, { side: 'buy', price: '50000', quantity: '0.01' })).status).toBe(200);
    const reduce = await order(a.token, { side: 'sell', price: '50000', quantity: '0.01', reduceOnly: true });
    expect(reduce.status, JSON.stringify(reduce.body)).toBe(200);
    expect((await order(b.token, { side: 'buy', price: '50000', quantity: '0.01' })).status).toBe(200);
    const close = await api('/xb/v1/futures/position/close', { clientOrderId: rid('fc'), symbol: 'BTCUSDT' }, a.token);
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    const positions = await api('/xb/v1/futures/positions', { symbol: 'BTCUSDT' }, a.token);
    expect(positions.body.data).toEqual([]);

    // the console sees it
    const support = await server.createOperator(['support']);
    const seen = await server.api('/admin/responsible/user', { userId: a.id }, { token: support.token });
    expect(seen.body.data).toMatchObject({ quizPassed: true, excludedUntil: clock.now() + 7 * DAY });
    expect(seen.body.data.exclusions.map((x: { period: string }) => x.period)).toContain('7d');
  });

  it('never blocks a withdrawal', async () => {
    const restore = w.stubCodes();
    try {
      const u = await w.user({ kyc: 'basic' });
      await server.fund(u.id, 'USDT', 1_000_000_000n);
      expect((await api('/xb/v1/responsible/cooling-off/set', { period: '6m' }, u.token)).status).toBe(200);
      const res = await api('/xb/v1/wallet/withdraw', withdrawBody(), u.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    } finally {
      restore();
    }
  });
});
