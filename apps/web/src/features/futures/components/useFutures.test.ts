import { describe, expect, it } from 'vitest';
import type { FundingInfo, FuturesMarkInfo, FuturesOrder } from '@tidemark/contract/futures';
import { wire } from '../model/wire-contract.test-support.ts';
import { ordersOf, withFunding, withMarks } from './useFutures.ts';

const info = (symbol: string, markPrice: string, time = 1_000): FuturesMarkInfo => ({
  symbol,
  markPrice,
  indexPrice: '99990',
  fundingRate: '0.00012',
  lastFundingRate: '0.0001',
  nextFundingTime: time + 3_600_000,
  intervalHours: 8,
  time,
});

describe('futures queries from the mark channel', () => {
  it('writes the mark and index into the contracts list, leaving the other contracts', () => {
    const btc = wire('BTCUSDT', '100000');
    const eth = wire('ETHUSDT', '3000');
    const out = withMarks([btc, eth], [info(btc.symbol, '100123.4')])!;
    expect(out[0]).toMatchObject({ markPrice: '100123.4', indexPrice: '99990' });
    expect(out[1]).toBe(eth);
    expect(withMarks(undefined, [info(btc.symbol, '1')])).toBeUndefined(); // no REST answer yet: nothing to write
  });

  it("counts the funding countdown from the server's time of the message, not the device clock", () => {
    const f: FundingInfo = {
      symbol: 'BTCUSDT',
      predictedRate: '0.0001',
      lastRate: null,
      interestRate: '0.0001',
      rateCap: '0.0075',
      intervalHours: 8,
      nextFundingTime: 0,
      countdown: 0,
    };
    const [out] = withFunding([f], [info('BTCUSDT', '1', 5_000)])!;
    expect(out).toMatchObject({ predictedRate: '0.00012', lastRate: '0.0001', countdown: 3_600_000 });
  });

  it('splits the open orders by contract', () => {
    const o = (id: number, symbol: string) => ({ id, symbol }) as FuturesOrder;
    const all = [o(1, 'BTCUSDT'), o(2, 'ETHUSDT')];
    expect(ordersOf(all, 'ETHUSDT').map((x) => x.id)).toEqual([2]);
    expect(ordersOf(all, '').map((x) => x.id)).toEqual([1, 2]);
  });
});
