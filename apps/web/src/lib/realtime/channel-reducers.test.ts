import { describe, expect, it } from 'vitest';
import type { FuturesAlert, FuturesMarkInfo, FuturesOrder } from '@tidemark/contract/futures';
import type { DepthBook } from './depth-book.ts';
import { activeWarnings, ALERTS_KEPT, isUserChannel, reducerFor } from './channel-reducers.ts';

const mark = (symbol: string, price: string): FuturesMarkInfo => ({
  symbol,
  markPrice: price,
  indexPrice: price,
  fundingRate: '0.0001',
  lastFundingRate: null,
  nextFundingTime: 1_000,
  intervalHours: 8,
  time: 0,
});
const warning = (positionId: number, kind: 'marginWarning' | 'marginRecovered'): FuturesAlert => ({
  kind,
  symbol: 'BTCUSDT',
  positionId,
  marginMode: 'isolated',
  marginRatio: '0.85',
  threshold: '0.8',
  time: positionId,
});

describe('futures channel reducers', () => {
  it('futures.marks: the snapshot lists every contract, an update replaces the ticked ones', () => {
    const r = reducerFor('futures.marks')!;
    const s0 = r.snapshot([mark('BTCUSDT', '100000'), mark('ETHUSDT', '3000')]);
    const s1 = r.update(s0, [mark('ETHUSDT', '3010')]) as FuturesMarkInfo[];
    expect(s1.map((m) => [m.symbol, m.markPrice])).toEqual([
      ['BTCUSDT', '100000'],
      ['ETHUSDT', '3010'],
    ]);
  });

  it('the whole-state channels (one mark, positions, orders, account) take each message as it is', () => {
    for (const channel of ['futures.mark:BTCUSDT', 'futures.positions', 'futures.orders', 'futures.account']) {
      const r = reducerFor(channel)!;
      const first = [{ id: 1 }];
      const second = [{ id: 2 }];
      expect(r.update(r.snapshot(first), second)).toBe(second);
    }
    const orders = reducerFor('futures.orders')!;
    expect(orders.update([{ id: 1 } as FuturesOrder], [])).toEqual([]); // a cancelled last order empties the list
  });

  it('futures.depth and futures.trades behave like their spot counterparts', () => {
    const depth = reducerFor('futures.depth:BTCUSDT')!;
    const book = depth.update(depth.snapshot({ bids: [['100', '1']], asks: [['101', '2']] }), {
      bids: [['100', '0']],
      asks: [['101', '1.5']],
    }) as DepthBook;
    expect(book).toEqual({ bids: [], asks: [['101', '1.5']] });
    const trades = reducerFor('futures.trades:BTCUSDT')!;
    const t = (id: number) => ({
      id,
      symbol: 'BTCUSDT',
      price: '1',
      quantity: '1',
      side: 'buy',
      time: id,
      demo: false,
    });
    expect(trades.update(trades.snapshot([t(2), t(1)]), [t(3), t(4)])).toEqual([t(4), t(3), t(2), t(1)]);
  });

  it('futures.alerts: the snapshot is what is in force, updates are events; the last event of a position decides', () => {
    const r = reducerFor('futures.alerts')!;
    let s = r.snapshot([warning(1, 'marginWarning')]) as FuturesAlert[];
    expect(activeWarnings(s).map((a) => a.positionId)).toEqual([1]);
    s = r.update(s, warning(2, 'marginWarning')) as FuturesAlert[];
    s = r.update(s, warning(1, 'marginRecovered')) as FuturesAlert[];
    expect(activeWarnings(s).map((a) => a.positionId)).toEqual([2]);
    const liquidated: FuturesAlert = {
      kind: 'liquidated',
      symbol: 'BTCUSDT',
      positionId: 2,
      direction: 'long',
      quantity: '0.1',
      markPrice: '95000',
      time: 9,
    };
    s = r.update(s, liquidated) as FuturesAlert[];
    expect(activeWarnings(s)).toEqual([]);
    for (let i = 0; i < ALERTS_KEPT + 5; i++) s = r.update(s, warning(100 + i, 'marginRecovered')) as FuturesAlert[];
    expect(s).toHaveLength(ALERTS_KEPT);
  });

  it('the futures user channels are subscribed with the session token; the public ones are not', () => {
    expect(['futures.positions', 'futures.orders', 'futures.account', 'futures.alerts'].map(isUserChannel)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['futures.marks', 'futures.depth:BTCUSDT', 'futures.trades:BTCUSDT'].map(isUserChannel)).toEqual([
      false,
      false,
      false,
    ]);
    expect(reducerFor('futures.unknown')).toBeNull();
  });
});
