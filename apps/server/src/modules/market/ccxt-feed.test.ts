import { describe, expect, it } from 'vitest';
import { CcxtFeed, median, type TickerVenue } from './ccxt-feed.ts';

const T0 = Date.UTC(2026, 0, 1);

/**
 * A venue answering RECORDED ccxt fetchTicker results (the shape ccxt returns: last, close,
 * timestamp…), never the network.
 */
function recordedVenue(
  id: string,
  answers: Record<string, { last?: number; close?: number; timestamp?: number } | Error>,
): TickerVenue {
  return {
    id,
    async fetchTicker(symbol) {
      const a = answers[symbol];
      if (!a) throw new Error(`${id} does not list ${symbol}`);
      if (a instanceof Error) throw a;
      return a;
    },
  };
}

const binance = recordedVenue('binance', {
  'BTC/USDT': { last: 96950.12, close: 96950.12, timestamp: T0 - 400 },
  'ETH/USDT': { last: 3401.5, timestamp: T0 - 200 },
});
const okx = recordedVenue('okx', {
  'BTC/USDT': { last: 96960.5, timestamp: T0 - 800 },
  'ETH/USDT': new Error('RequestTimeout'),
});
const kraken = recordedVenue('kraken', {
  'BTC/USDT': { last: 96948.0, timestamp: T0 - 100 },
  'ETH/USDT': { last: 3399.9, timestamp: T0 - 120_000 }, // too old
});

describe('ccxt live feed (recorded answers)', () => {
  it('takes the median of the venues and records each source', async () => {
    const feed = new CcxtFeed([binance, okx, kraken], { minVenues: 2 });
    const [btc] = await feed.quote(['BTCUSDT'], T0);
    expect(btc).toEqual({
      symbol: 'BTCUSDT',
      price: '96950.12',
      sources: { binance: '96950.12', okx: '96960.5', kraken: '96948' },
    });
    expect(feed.kind).toBe('live');
  });

  it('leaves out failing and stale venues, and gives no quote below the minimum', async () => {
    const feed = new CcxtFeed([binance, okx, kraken], { minVenues: 2, maxAgeMs: 30_000 });
    expect(await feed.quote(['ETHUSDT'], T0)).toEqual([]);
    const lenient = new CcxtFeed([binance, okx, kraken], { minVenues: 1, maxAgeMs: 30_000 });
    expect(await lenient.quote(['ETHUSDT'], T0)).toEqual([
      { symbol: 'ETHUSDT', price: '3401.5', sources: { binance: '3401.5' } },
    ]);
  });

  it('computes an exact median', () => {
    expect(median([3n, 1n, 2n])).toBe(2n);
    expect(median([4n, 1n, 2n, 3n])).toBe(2n);
    expect(median([10n, 20n])).toBe(15n);
  });
});
