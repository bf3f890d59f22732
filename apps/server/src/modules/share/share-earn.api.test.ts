import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { service } from '../../platform/context.ts';
import { DAY_MS } from '../earn/earn-math.ts';
import { earnHarness } from '../earn/earn.test-helpers.ts';
import { FUND_PASSWORD, rid } from '../wallet/wallet.test-helpers.ts';
import { CARD_HEIGHT, CARD_WIDTH } from './render.ts';
import { isPng, requestCard } from './share.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

// the test runs the accrual job itself; the background timer must not race it
process.env.EARN_JOB_MS = '3600000';

const clock = new ManualClock(Date.UTC(2026, 10, 26, 12, 0, 0));
let h: ReturnType<typeof earnHarness>;
let owner: { id: number; token: string };
let runningId = 0;
let redeemedId = 0;

const ctx = () => s.built.ctx;
const card = (body: object, token?: string, locale?: string) => requestCard(s.url, body, token, locale);

async function lock(amount: string): Promise<number> {
  const p7 = await h.plan('USDT', 7);
  const res = await s.api(
    '/xb/v1/earn/subscribe',
    { requestId: rid('s'), planId: p7.id, amount, wallet: 'spot', fundPassword: FUND_PASSWORD },
    { token: owner.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

const s = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
beforeAll(async () => {
  h = earnHarness(s, clock);
  await h.init();
  owner = await h.user();
  await h.deposit(owner.id, 'USDT', 'TRC20', '5000');
  // USDT 7 days at 0.05 % a day: 1000 earns 0.5 a day
  runningId = await lock('1000');
  redeemedId = await lock('1000');
  clock.set(clock.now() + 2 * DAY_MS);
  await h.accrue();
  const res = await s.api('/xb/v1/earn/redeem', { requestId: rid('r'), orderId: redeemedId }, { token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}, 120_000);

describe('share card of a staking order', () => {
  it('is a PNG of the card size', async () => {
    const res = await card({ kind: 'earn', id: runningId }, owner.token);
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/png');
    expect(isPng(res.bytes)).toBe(true);
    expect(res.bytes.readUInt32BE(16)).toBe(CARD_WIDTH);
    expect(res.bytes.readUInt32BE(20)).toBe(CARD_HEIGHT);
  });

  it('is refused for someone else’s order (not found), an unknown one and signed out', async () => {
    const other = await h.user();
    expect((await card({ kind: 'earn', id: runningId }, other.token)).status).toBe(404);
    expect((await card({ kind: 'earn', id: 987_654 }, owner.token)).status).toBe(404);
    expect((await card({ kind: 'earn', id: runningId })).status).toBe(401);
    expect((await card({ kind: 'earn', id: 'x' }, owner.token)).status).toBe(400);
  });

  it('shows the interest accrued so far in percent of the principal; amounts only with the opt-in', async () => {
    const share = service(ctx(), 'share');
    const plain = await share.svg(owner.id, 'earn', runningId, 'en_us', false);
    const text = plain.texts.join(' | ');
    // two days of 0.5 on 1000 → 1 → +0.10 %; 0.05 % a day × 365 = 18.25 % a year
    expect(text).toContain('Staking order');
    expect(text).toContain('USDT · 7 days');
    expect(text).toContain('Interest accrued so far');
    expect(text).toContain('+0.10 %');
    expect(text).toContain('18.25 %');
    expect(text).toContain('Nov 26, 2026');
    expect(text).toContain('Dec 3, 2026');
    expect(plain.texts.filter((x) => / USDT$/.test(x))).toEqual([]);
    expect(text).not.toContain('1,000');

    const opted = await share.svg(owner.id, 'earn', runningId, 'en_us', true);
    const shown = opted.texts.join(' | ');
    expect(shown).toContain('Principal | 1,000 USDT');
    expect(shown).toContain('Interest | +1 USDT');
    expect((await card({ kind: 'earn', id: runningId, amounts: true }, owner.token)).status).toBe(200);
  });

  it('says the final result of an early redemption: interest forfeited, the penalty taken', async () => {
    const share = service(ctx(), 'share');
    const text = (await share.svg(owner.id, 'earn', redeemedId, 'en_us', true)).texts.join(' | ');
    // 1 % of 1000 kept as the penalty, the 1 USDT of interest forfeited → −1.00 %
    expect(text).toContain('Final result: redeemed early, interest forfeited');
    expect(text).toContain('−1.00 %');
    expect(text).toContain('Interest | 0 USDT');
    expect(text).toContain('Early-redemption penalty | −10 USDT');
    expect(text).toContain('Closed on | Nov 28, 2026');
    const fr = await card({ kind: 'earn', id: redeemedId, amounts: true }, owner.token, 'fr');
    if (process.env.SHARE_SHOTS)
      (await import('node:fs')).writeFileSync(`${process.env.SHARE_SHOTS}/card-earn-redeemed-fr.png`, fr.bytes);
    expect(fr.status).toBe(200);
  });

  it('is written in the user’s language', async () => {
    const share = service(ctx(), 'share');
    const jp = (await share.svg(owner.id, 'earn', runningId, 'jp', false)).texts.join(' ');
    expect(jp).toContain('ステーキング注文');
    expect(jp).toContain('7 日');
    const res = await card({ kind: 'earn', id: runningId }, owner.token, 'zh_hk');
    if (process.env.SHARE_SHOTS)
      (await import('node:fs')).writeFileSync(`${process.env.SHARE_SHOTS}/card-earn-zh_hk.png`, res.bytes);
    expect(res.status).toBe(200);
  });
  it('gives the final interest once the order matured', async () => {
    clock.set(clock.now() + 6 * DAY_MS);
    await h.accrue();
    // (the session has expired by now: the service is asked directly)
    const share = service(ctx(), 'share');
    const text = (await share.svg(owner.id, 'earn', runningId, 'en_us', true)).texts.join(' | ');
    expect(text).toContain('Final interest (matured)');
    expect(text).toContain('+0.35 %');
    expect(text).toContain('Interest | +3.5 USDT');
  });
});
