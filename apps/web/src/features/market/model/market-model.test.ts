import { describe, expect, it } from 'vitest';
import type { SpotMarket, Ticker } from '@tidemark/contract';
import { coinRow } from './coin-row.ts';
import { isCollected, matchesQuery, pushRecent, toggleCollected } from './favourites.ts';
import { rank } from './rankings.ts';

const market = (base: string, coinType: number): SpotMarket => ({
  symbol: `${base}USDT`,
  name: `${base}/USDT`,
  base,
  quote: 'USDT',
  coinType,
  tickSize: '0.01',
  stepSize: '0.0001',
  minNotional: '5',
  makerFee: '0.001',
  takerFee: '0.001',
  pricePrecision: 2,
  quantityPrecision: 4,
});
const ticker = (symbol: string, last: string | null, changePercent: string, turnover: string): Ticker => ({
  symbol,
  coinType: 0,
  last,
  open: last,
  change: '0',
  changePercent,
  high: last,
  low: last,
  volume: '1',
  turnover,
  platformVolume: '0',
  demo: true,
  time: 0,
});

describe('coin list rows (spec §3)', () => {
  it('formats price by the §9 rule, signs the percent and flags up/down', () => {
    const up = coinRow(market('BTC', 1), ticker('BTCUSDT', '60123.456', '2.345', '1000'));
    expect(up.priceText).toBe('60,123.46');
    expect(up.percentText).toBe('+2.35%');
    expect(up.isUp).toBe(true);
    expect(up.dollarText).toBe('≈ $60,123.46');
    const down = coinRow(market('DOGE', 6), ticker('DOGEUSDT', '0.00001234', '-0.5', '3'));
    expect(down.priceText).toBe('0.00001234');
    expect(down.percentText).toBe('-0.50%');
    expect(down.isDown).toBe(true);
  });

  it('shows placeholders for a market without trades', () => {
    const r = coinRow(market('ADA', 7), undefined);
    expect(r.priceText).toBe('--');
    expect(r.percentText).toBe('--');
    expect(r.isUp || r.isDown).toBe(false);
  });
});

describe('rankings', () => {
  const rows = [
    coinRow(market('BTC', 1), ticker('BTCUSDT', '1', '5', '10')),
    coinRow(market('ETH', 2), ticker('ETHUSDT', '1', '-7.5', '30')),
    coinRow(market('SOL', 4), ticker('SOLUSDT', '1', '12', '20')),
    coinRow(market('XRP', 5), ticker('XRPUSDT', '1', '0', '5')),
  ];
  it('orders by turnover, gainers and losers', () => {
    expect(rank(rows, 'turnover').map((r) => r.base)).toEqual(['ETH', 'SOL', 'BTC', 'XRP']);
    expect(rank(rows, 'gainers').map((r) => r.base)).toEqual(['SOL', 'BTC']);
    expect(rank(rows, 'losers').map((r) => r.base)).toEqual(['ETH']);
  });
});

describe('favourites and recently viewed', () => {
  it('toggles a coin by id', () => {
    const coin = { id: 'BTCUSDT', coinType: 1, name: 'BTC/USDT' };
    const on = toggleCollected([], coin);
    expect(isCollected(on, 'BTCUSDT')).toBe(true);
    expect(toggleCollected(on, coin)).toEqual([]);
  });
  it('keeps recent views newest first without repeats', () => {
    expect(pushRecent(['ETHUSDT', 'BTCUSDT'], 'BTCUSDT')).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(pushRecent(['A', 'B', 'C'], 'D', 3)).toEqual(['D', 'A', 'B']);
  });
  it('searches pair, base and name', () => {
    expect(matchesQuery({ name: 'BTC/USDT', base: 'BTC' }, 'Bitcoin', 'bitc')).toBe(true);
    expect(matchesQuery({ name: 'BTC/USDT', base: 'BTC' }, 'Bitcoin', 'btc/u')).toBe(true);
    expect(matchesQuery({ name: 'ETH/USDT', base: 'ETH' }, 'Ethereum', 'sol')).toBe(false);
  });
});
