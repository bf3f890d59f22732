/**
 * The traffic both servers of the `/ws` benchmark publish: the same channels, message shapes, sizes and
 * rate, so the hub and the minimal broadcaster are compared on equal work. Shapes follow the real
 * channels: a trades update carries 1–3 trades, a depth update a few changed levels, the ticker a whole
 * ticker. Deterministic (a counter, no randomness), so two runs publish the same bytes.
 */
export const CHANNELS = ['trades:BTCUSDT', 'depth:BTCUSDT', 'ticker:BTCUSDT'] as const;
export type Channel = (typeof CHANNELS)[number];

export function payload(channel: Channel, n: number): unknown {
  const price = (65000 + (n % 200) / 10).toFixed(2);
  if (channel === 'trades:BTCUSDT') {
    return Array.from({ length: 1 + (n % 3) }, (_, i) => ({
      id: n * 3 + i,
      price,
      qty: '0.01250',
      side: n % 2 ? 'buy' : 'sell',
      time: 1_700_000_000_000 + n,
    }));
  }
  if (channel === 'depth:BTCUSDT') {
    const level = (k: number) => [(65000 - k / 10).toFixed(2), ((n + k) % 7 === 0 ? 0 : 0.5 + k / 100).toFixed(5)];
    return { bids: [level(1), level(2), level(3)], asks: [level(-1), level(-2)] };
  }
  return {
    symbol: 'BTCUSDT',
    last: price,
    open: '64000.00',
    high: '66000.00',
    low: '63000.00',
    volume: '123.45678',
    quoteVolume: '8000000.00',
    change: '1.56',
    demo: true,
  };
}

/** Updates per second per channel for a given total rate: trades and depth carry the flow, ticker 1/s. */
export function ratesOf(updatesPerSecond: number): Record<Channel, number> {
  return {
    'trades:BTCUSDT': updatesPerSecond,
    'depth:BTCUSDT': updatesPerSecond,
    'ticker:BTCUSDT': 1,
  };
}
