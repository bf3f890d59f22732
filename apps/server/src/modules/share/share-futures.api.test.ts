import { beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { service } from '../../platform/context.ts';
import { futuresHarness } from '../futures/futures.test-helpers.ts';
import { isPng, requestCard } from './share.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

process.env.FUTURES_TICK_MS = '0'; // the test drives every tick

let h: Awaited<ReturnType<typeof futuresHarness>>;
const clock = new ManualClock(Date.UTC(2026, 10, 26, 13, 0, 0));
const BTC = 'BTCUSDT';
let seq = 0;
type U = { id: number; token: string };
const call = (u: U, path: string, body: object) => s.api(`/xb/v1/futures${path}`, body, { token: u.token });
const order = (u: U, side: 'buy' | 'sell', type: 'limit' | 'market', quantity: string, price?: string) =>
  call(u, '/order/place', {
    clientOrderId: `share${(seq += 1)}`,
    symbol: BTC,
    side,
    type,
    quantity,
    ...(price ? { price } : {}),
  });

const s = serverForSuite({ clock });
beforeAll(async () => {
  h = await futuresHarness(s, clock);
  await h.setIndex(BTC, '100000');
});

it('a closed futures position gets a card with its return on margin; amounts only with the opt-in; not another’s', async () => {
  const a = await h.user('20000');
  const counter = await h.user('100000');
  expect((await call(a, '/leverage', { symbol: BTC, leverage: 10 })).status).toBe(200);
  expect((await order(counter, 'sell', 'limit', '0.1', '100000')).status).toBe(200);
  expect((await order(a, 'buy', 'market', '0.1')).body.data).toMatchObject({ status: 'filled' });
  await h.setIndex(BTC, '101000');
  expect((await order(counter, 'buy', 'limit', '0.1', '101000')).status).toBe(200);
  expect((await order(a, 'sell', 'market', '0.1')).body.data).toMatchObject({ status: 'filled' });
  const closed = (await call(a, '/positions/closed', {})).body.data.items[0];
  expect(closed).toMatchObject({ direction: 'long', realizedPnl: '100', closedPrice: '101000' });

  const share = service(s.built.ctx, 'share');
  const plain = (await share.svg(a.id, 'futures', closed.id, 'en_us', false)).texts.join(' | ');
  // the return on margin: +100 on a 10,000 position at 10× (1,000 of margin) is +10 %
  expect(plain).toContain('+10.00 %');
  expect(plain).toContain('BTCUSDT · Long · 10×');
  expect(plain).not.toContain('USDT |');
  expect(plain).not.toMatch(/\+100\b/);
  const opted = (await share.svg(a.id, 'futures', closed.id, 'de', true)).texts.join(' | ');
  expect(opted).toContain('+100 USDT');
  expect(opted).toContain('Futures-Position');

  const res = await requestCard(s.url, { kind: 'futures', id: closed.id }, a.token);
  expect(res.status).toBe(200);
  expect(res.type).toBe('image/png');
  expect(isPng(res.bytes)).toBe(true);
  const other = await requestCard(s.url, { kind: 'futures', id: closed.id }, counter.token);
  expect(other.status).toBe(404);
});
