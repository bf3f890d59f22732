import { describe, expect, it } from 'vitest';
import type { FuturesContract, FuturesOrder } from '@tidemark/contract/futures';
import { fapiOrder, fapiTicker24h, maintMarginOf, maxNotionalAt } from './futures-view.ts';

const tiers = [
  {
    bracket: 1,
    notionalFloor: '0',
    notionalCap: '50000',
    maintMarginRatio: '0.004',
    maintAmount: '0',
    maxLeverage: 100,
  },
  {
    bracket: 2,
    notionalFloor: '50000',
    notionalCap: '600000',
    maintMarginRatio: '0.005',
    maintAmount: '50',
    maxLeverage: 75,
  },
  {
    bracket: 3,
    notionalFloor: '600000',
    notionalCap: '3000000',
    maintMarginRatio: '0.0065',
    maintAmount: '950',
    maxLeverage: 50,
  },
];
const btc = { symbol: 'BTCUSDT', tiers } as unknown as FuturesContract;

describe('futures view', () => {
  it('maintenance margin: the bracket’s ratio × value − its amount, rounded up to the USDT minor unit', () => {
    expect(maintMarginOf(btc, '1000')).toBe('4');
    expect(maintMarginOf(btc, '100000')).toBe('450');
    expect(maintMarginOf(btc, '1000.0001')).toBe('4.000001'); // 4.0000004 rounded up
    expect(maintMarginOf(btc, '0')).toBe('0');
  });

  it('the largest position value a leverage allows is the cap of the last bracket that allows it', () => {
    expect(maxNotionalAt(btc, 100)).toBe('50000');
    expect(maxNotionalAt(btc, 75)).toBe('600000');
    expect(maxNotionalAt(btc, 10)).toBe('3000000');
  });

  it('24-hour change in Binance’s terms, truncated to 3 decimals of a percent', () => {
    const t = fapiTicker24h('BTCUSDT', {
      open: '100100',
      high: '100100',
      low: '99900',
      last: '99900',
      lastQty: '0.01',
      volume: '0.02',
      turnover: '2000',
      averagePrice: '100000',
      firstId: 1,
      lastId: 2,
      trades: 2,
      openTime: 0,
      closeTime: 86_400_000,
    });
    expect(t).toMatchObject({ priceChange: '-200', priceChangePercent: '-0.199', quoteVolume: '2000', count: 2 });
  });

  it('orders: post-only reads GTX, a market order GTC, an IOC remainder EXPIRED', () => {
    const base: FuturesOrder = {
      id: 1,
      clientOrderId: 'c',
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      source: 'user',
      price: '99000',
      quantity: '0.1',
      filledQuantity: '0.04',
      averagePrice: '99000',
      turnover: '3960',
      fee: '1.98',
      reduceOnly: false,
      postOnly: false,
      timeInForce: 'IOC',
      leverage: 10,
      marginMode: 'cross',
      status: 'cancelled',
      cancelReason: 'ioc-remainder',
      createTime: 1,
      updateTime: 2,
    };
    expect(fapiOrder(base)).toMatchObject({ status: 'EXPIRED', timeInForce: 'IOC', cumQuote: '3960' });
    expect(fapiOrder({ ...base, postOnly: true, timeInForce: 'GTC', cancelReason: 'user' })).toMatchObject({
      status: 'CANCELED',
      timeInForce: 'GTX',
    });
    expect(fapiOrder({ ...base, type: 'market', price: null, status: 'filled' })).toMatchObject({
      type: 'MARKET',
      price: '0',
      timeInForce: 'GTC',
      status: 'FILLED',
    });
  });
});
