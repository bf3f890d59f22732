import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { service } from '../../platform/context.ts';
import { settleDue } from '../cycle/settlement.job.ts';
import { rid, useWalletHarness } from '../wallet/wallet.test-helpers.ts';
import { CARD_HEIGHT, CARD_WIDTH } from './render.ts';
import { isPng, requestCard } from './share.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock(Date.UTC(2026, 10, 26, 12, 0, 0, 250));
let owner: { id: number; token: string };
let settledId = 0;
let openId = 0;

const ctx = () => s.built.ctx;
const card = (body: object, token?: string, locale?: string) => requestCard(s.url, body, token, locale);

async function buy(token: string, period = 60): Promise<number> {
  const products = (await s.api('/xb/v1/cycle/products', {})).body.data;
  const terms = products.instruments
    .find((i: { instrument: string }) => i.instrument === 'BTCUSDT')
    .periods.find((p: { period: number }) => p.period === period).terms;
  const res = await s.api(
    '/xb/v1/cycle/buy',
    { requestId: rid('cy'), instrument: 'BTCUSDT', period, direction: 'up', stake: '100', acceptRisk: true, terms },
    { token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

const s = serverForSuite({ clock, env: { DEV_PRICE_CONTROL: 'true' } });
const h = useWalletHarness(s, clock);
beforeAll(async () => {
  const finance = h.finance;
  const kyc = service(ctx(), 'kyc');
  kyc.countryOf = async () => null;
  expect((await s.api('/admin/cycle/pool/fund', { amount: '100000', memo: 'test' }, { token: finance })).status).toBe(
    200,
  );
  owner = await h.user();
  await h.deposit(owner.id, 'USDT', 'TRC20', '1000');
  settledId = await buy(owner.token);
  await h.advance(1000);
  await h.advance(1000);
  // the index rises 1 % for the rest of the minute, so the contract is won (not a flat refund)
  const now = service(ctx(), 'prices').latest('BTCUSDT').price;
  await s.api('/dev/price/set', { instrument: 'BTCUSDT', price: (Number(now) * 1.01).toFixed(2) });
  for (let i = 0; i < 62; i++) await h.advance(1000);
  await settleDue(service(ctx(), 'cycleSettlement'));
  openId = await buy(owner.token, 300);
}, 120_000);

describe('share card of a settled cycle contract', () => {
  it('is a PNG of the card size', async () => {
    const res = await card({ kind: 'cycle', id: settledId }, owner.token);
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/png');
    expect(isPng(res.bytes)).toBe(true);
    // IHDR: width and height, big-endian, at bytes 16–23
    expect(res.bytes.readUInt32BE(16)).toBe(CARD_WIDTH);
    expect(res.bytes.readUInt32BE(20)).toBe(CARD_HEIGHT);
    expect(res.bytes.length).toBeGreaterThan(20_000);
    expect(res.bytes.length).toBeLessThan(2_000_000);
  });

  it('is refused for someone else’s contract (not found), an open one, signed out and a bad body', async () => {
    const other = await h.user();
    expect((await card({ kind: 'cycle', id: settledId }, other.token)).status).toBe(404);
    expect((await card({ kind: 'cycle', id: openId }, owner.token)).status).toBe(400);
    expect((await card({ kind: 'cycle', id: settledId })).status).toBe(401);
    expect((await card({ kind: 'spot', id: settledId }, owner.token)).status).toBe(400);
  });

  it('shows the return in percent only; the amounts appear only with the opt-in', async () => {
    const order = (await s.api('/xb/v1/cycle/order', { id: settledId }, { token: owner.token })).body.data;
    expect(order.status).toBe('won');
    const share = service(ctx(), 'share');
    const plain = await share.svg(owner.id, 'cycle', settledId, 'en_us', false);
    const text = plain.texts.join(' | ');
    // won: 185 back for 100.1 paid in → +84.82 %
    expect(text).toContain('+84.82 %');
    expect(text).toContain('Won');
    expect(text).toContain('Invite code');
    // no amount in the quote currency anywhere (the market's name BTCUSDT is not one)
    expect(plain.texts.filter((x) => / USDT$/.test(x))).toEqual([]);
    expect(text).not.toContain('100.1');
    expect(text).not.toContain('84.9');
    expect(plain.svg.startsWith('<svg')).toBe(true);
    expect(plain.svg).toContain('data:image/png;base64'); // the QR code

    const opted = await share.svg(owner.id, 'cycle', settledId, 'en_us', true);
    const shown = opted.texts.join(' | ');
    expect(shown).toContain('100.1 USDT');
    expect(shown).toContain('+84.9 USDT');
    const png = await card({ kind: 'cycle', id: settledId, amounts: true }, owner.token);
    expect(png.status).toBe(200);
  });

  it('is written in the user’s language, with the fonts of its script', async () => {
    const share = service(ctx(), 'share');
    const jp = await share.svg(owner.id, 'cycle', settledId, 'jp', false);
    expect(jp.texts.join(' ')).toContain('サイクル契約');
    const res = await card({ kind: 'cycle', id: settledId }, owner.token, 'zh_hk');
    if (process.env.SHARE_SHOTS)
      (await import('node:fs')).writeFileSync(`${process.env.SHARE_SHOTS}/card-zh_hk.png`, res.bytes);
    expect(res.status).toBe(200);
    expect(isPng(res.bytes)).toBe(true);
  });
});
