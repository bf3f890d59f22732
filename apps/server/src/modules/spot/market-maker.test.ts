import { describe, expect, it } from 'vitest';
import { parseUnits } from '@tidemark/contract/money';
import type { AppContext } from '../../platform/context.ts';
import { INSTRUMENTS, PRICE_SCALE } from '../market/instruments.ts';
import { loadMarketMakerConfig } from './market-maker.config.ts';
import { quoteLevels } from './market-maker.quotes.ts';
import { MARKETS } from './markets.ts';

const ctx = { config: { env: 'development' } } as AppContext;

/** The default quotes of every market at its starting price. */
function defaultBooks() {
  const config = loadMarketMakerConfig(ctx, {});
  return MARKETS.map((m) => {
    const inst = INSTRUMENTS.find((i) => i.base === m.base)!;
    const index = parseUnits(String(inst.start), PRICE_SCALE);
    const tick8 = parseUnits(m.tickSize, PRICE_SCALE);
    return { m, index, tick8, levels: quoteLevels(config.markets[m.symbol] ?? config, index, tick8) };
  });
}

describe('the market maker quotes a deep, tight book', () => {
  it('20 levels a side, distinct prices, a spread of at most 0.05 % on BTC and ETH', () => {
    for (const { m, index, tick8, levels } of defaultBooks()) {
      expect(levels, m.symbol).toHaveLength(20);
      for (let i = 1; i < levels.length; i++) {
        expect(levels[i]!.bid < levels[i - 1]!.bid, m.symbol).toBe(true);
        expect(levels[i]!.ask > levels[i - 1]!.ask, m.symbol).toBe(true);
      }
      const bestBid = levels[0]!.bid * tick8;
      const bestAsk = levels[0]!.ask * tick8;
      expect(bestBid < index && index < bestAsk, m.symbol).toBe(true);
      if (m.base === 'BTC' || m.base === 'ETH') {
        // (ask − bid) / index ≤ 0.0005
        expect((bestAsk - bestBid) * 10_000n <= index * 5n, m.symbol).toBe(true);
      }
    }
  });

  it('sums to a realistic depth (~200,000 USDT a side) that the seeded capital covers', () => {
    let bids = 0n;
    for (const { m, levels } of defaultBooks()) {
      const side = levels.reduce((s, l) => s + l.usdt, 0n);
      expect(side, m.symbol).toBe(parseUnits('202500', 6));
      bids += side;
      // the asks' coins: at most the ~2,000,000 USDT worth of each coin seeded as capital
      expect(side < parseUnits('2000000', 6), m.symbol).toBe(true);
    }
    // first capital (2,000,000) + the depth top-up (3,000,000) back every bid of every market
    expect(bids <= parseUnits('5000000', 6)).toBe(true);
  });

  it('is configurable per market', () => {
    const config = loadMarketMakerConfig(ctx, {
      SPOT_MM_MARKETS: JSON.stringify({ DOGEUSDT: { spread: '0.001', levels: 5, levelUsdt: '100' } }),
    });
    expect(config.markets.DOGEUSDT).toMatchObject({ levels: 5, levelUsdt: parseUnits('100', 6) });
    expect(config.levels).toBe(20);
    const doge = quoteLevels(
      config.markets.DOGEUSDT!,
      parseUnits('0.1', PRICE_SCALE),
      parseUnits('0.00001', PRICE_SCALE),
    );
    expect(doge).toHaveLength(5);
    // 0.1 % below 0.1 is 0.0999 = 9990 ticks of 0.00001
    expect(doge[0]!.bid).toBe(9990n);
    expect(() => loadMarketMakerConfig(ctx, { SPOT_MM_MARKETS: '{"NOPEUSDT":{}}' })).toThrow(/NOPEUSDT/);
  });

  it('lets a demo leave some markets to their index chart: the demo taker skips them', () => {
    expect(loadMarketMakerConfig(ctx, {}).demoTakerMarkets).toEqual(MARKETS.map((m) => m.symbol));
    const config = loadMarketMakerConfig(ctx, { SPOT_DEMO_TAKER_SKIP: 'LINKUSDT, DOTUSDT' });
    expect(config.demoTakerMarkets).toHaveLength(MARKETS.length - 2);
    expect(config.demoTakerMarkets).not.toContain('LINKUSDT');
    expect(config.demoTakerMarkets).not.toContain('DOTUSDT');
    expect(() => loadMarketMakerConfig(ctx, { SPOT_DEMO_TAKER_SKIP: 'NOPEUSDT' })).toThrow(/NOPEUSDT/);
  });
});
