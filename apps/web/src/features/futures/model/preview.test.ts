import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FuturesAccount, FuturesPosition } from '@tidemark/contract/futures';
import { liquidationPrice, maintenanceMarginScaled, RATE_ONE, unrealizedPnl } from '@tidemark/futures-math';
import { contractUnits, priceTicks, qtyLots, ratePercent, ticksText, usdtUnits } from './contract-units.ts';
import { liquidationTicks, previewOrder, type PreviewInput } from './preview.ts';
import { reducibleBy } from './reduce-only.ts';
import { checkStopPl } from './stop-pl.ts';
import { btcLong, fmt, wire } from './wire-contract.test-support.ts';

const account = (available: string): FuturesAccount => ({
  currency: 'USDT',
  available,
  frozen: '0',
  positionMargin: '0',
  unrealizedPnl: '0',
  equity: available,
  settings: [],
});

describe('previewOrder', () => {
  const btc = wire('BTCUSDT', '50000');
  /** A 10× isolated market long of 0.01 BTC with 1,000 USDT available; each case changes what it tests. */
  const tenXLong: PreviewInput = {
    contract: btc,
    direction: 'long',
    orderType: 'market',
    price: '',
    quantity: '0.01',
    leverage: 10,
    marginMode: 'isolated',
    account: account('1000'),
    positions: [],
    contracts: [btc],
  };

  it('a 10× isolated long of 0.01 BTC at 50,000: margin 50, taker fee, liquidation by the tier-1 formula', () => {
    const r = previewOrder(tenXLong);
    expect(r.errors).toEqual([]);
    expect(r.preview!.notional).toBe('500');
    expect(r.preview!.initialMargin).toBe('50');
    // LP = (500 − 50) / (0.01 × (1 − 0.004)) = 45180.722… → rounded down to the tick
    expect(r.preview!.estimatedLiquidationPrice).toBe('45180.7');
    const fee = BigInt(500_000_000) * 50_000n; // minor units × the taker rate 0.0005 in parts of 10^8
    expect(r.preview!.fee).toBe(fmt((fee + 99_999_999n) / 100_000_000n, 6));
    expect(r.preview!.estimated).toBe(true);
  });

  it('a 10× cross long: the wallet backs it, as the server computes it (a price, or none when it covers the value)', () => {
    const cross = (available: string) =>
      previewOrder({
        ...tenXLong,
        orderType: 'limit',
        price: '50000',
        quantity: '0.1',
        marginMode: 'cross',
        account: account(available),
      }).preview!;
    const c = contractUnits(btc);
    const lots = qtyLots(c, '0.1')!;
    const position = { size: lots, entryValue: lots * priceTicks(c, '50000')! };
    const small = cross('1000');
    // W = the wallet after the order: available − cost + the position's margin = available − fee
    const expected = liquidationPrice(c, position, usdtUnits('1000') - usdtUnits(small.fee));
    expect(expected).not.toBeNull();
    expect(small.estimatedLiquidationPrice).toBe(ticksText(c, expected!));
    // a wallet larger than the position's value (5,000): nothing liquidates it, on both sides
    expect(liquidationPrice(c, position, usdtUnits('6000') - usdtUnits(small.fee))).toBeNull();
    expect(cross('6000').estimatedLiquidationPrice).toBeNull();
  });

  it('a short mirrors it and a limit uses its own price', () => {
    const r = previewOrder({ ...tenXLong, direction: 'short', orderType: 'limit', price: '50000' });
    // LP = (500 + 50) / (0.01 × 1.004) = 54780.87… → rounded up
    expect(r.preview!.estimatedLiquidationPrice).toBe('54780.9');
    expect(r.preview!.estimated).toBe(false);
  });

  it('names what is wrong: off-tick price, off-step quantity, too little money, leverage above the tier', () => {
    expect(previewOrder({ ...tenXLong, orderType: 'limit', price: '50000.05' }).errors).toEqual(['priceTick']);
    expect(previewOrder({ ...tenXLong, quantity: '0.000001' }).errors).toEqual(['quantityStep']);
    expect(previewOrder({ ...tenXLong, account: account('10') }).errors).toEqual(['insufficient']);
    // 2 BTC at 50,000 = 100,000 notional: bracket 2 allows 75×
    const big = previewOrder({ ...tenXLong, quantity: '2', leverage: 100, account: account('10000') });
    expect(big.errors).toContain('leverageTooHigh');
    expect(big.preview!.maxLeverage).toBe(75);
  });

  it('is the first mark at which the position is liquidatable, for any position and collateral (every bracket)', () => {
    for (const symbol of ['BTCUSDT', 'ETHUSDT', 'DOGEUSDT']) {
      const c = contractUnits(wire(symbol, null));
      // liquidatable at mark m when the margin left is at most the maintenance margin (no rounding)
      const liquidatable = (position: { size: bigint; entryValue: bigint }, collateral: bigint, mark: bigint) => {
        const q = position.size < 0n ? -position.size : position.size;
        return (collateral + unrealizedPnl(position, mark)) * RATE_ONE <= maintenanceMarginScaled(c, q * mark);
      };
      fc.assert(
        fc.property(
          fc.bigInt({ min: 1n, max: 10n ** 9n }),
          fc.bigInt({ min: 1n, max: 10n ** 7n }),
          fc.boolean(),
          fc.bigInt({ min: 0n, max: 10n ** 13n }),
          (lots, ticks, long, collateral) => {
            const position = { size: long ? lots : -lots, entryValue: lots * ticks };
            const liq = liquidationTicks(c, position.size, position.entryValue, collateral);
            if (liq === null) return;
            const safer = long ? liq + 1n : liq - 1n;
            expect(liquidatable(position, collateral, liq)).toBe(true);
            if (safer >= 1n) expect(liquidatable(position, collateral, safer)).toBe(false);
          },
        ),
        { numRuns: 300 },
      );
    }
  });
});

describe('checkStopPl (spec §5)', () => {
  const btc = wire('BTCUSDT', '50000');
  const long = btcLong;

  const short: FuturesPosition = {
    ...long,
    direction: 'short',
    markPrice: '49900',
    estimatedLiquidationPrice: '54780.9',
  };

  it('long: stop-loss not above the open price, take-profit not below it', () => {
    expect(checkStopPl(btc, long, '49000', '').takeProfit).toBe('stopPl.error.takeProfitBelowOpen');
    expect(checkStopPl(btc, long, '', '50000.1').stopLoss).toBe('stopPl.error.stopLossAboveOpen');
    expect(checkStopPl(btc, long, '55000', '48000')).toEqual({ takeProfit: null, stopLoss: null, warning: null });
  });

  it('short: mirrored', () => {
    expect(checkStopPl(btc, short, '51000', '').takeProfit).toBe('stopPl.error.takeProfitAboveOpen');
    expect(checkStopPl(btc, short, '', '49000').stopLoss).toBe('stopPl.error.stopLossBelowOpen');
    expect(checkStopPl(btc, short, '45000', '52000')).toEqual({ takeProfit: null, stopLoss: null, warning: null });
  });

  it('warns when the stop-loss lies beyond the liquidation price, refuses a price that triggers now', () => {
    expect(checkStopPl(btc, long, '', '45000').warning).toBe('stopPl.warning.beyondLiquidation');
    expect(checkStopPl(btc, short, '', '55000').warning).toBe('stopPl.warning.beyondLiquidation');
    expect(checkStopPl(btc, long, '50050', '').takeProfit).toBe('stopPl.error.wouldTrigger');
    expect(checkStopPl(btc, long, 'abc', '').takeProfit).toBe('stopPl.error.priceInvalid');
  });
});

describe('previewOrder reduce-only', () => {
  const btc = wire('BTCUSDT', '50000');
  const longPosition = {
    symbol: 'BTCUSDT',
    status: 'open',
    direction: 'long',
    quantity: '0.02',
    closableQuantity: '0.015',
    openPrice: '50000.000',
    margin: '100',
    marginMode: 'isolated',
    id: 7,
  } as FuturesPosition;
  const base = {
    contract: btc,
    orderType: 'market' as const,
    price: '',
    leverage: 10,
    marginMode: 'isolated' as const,
    account: account('0'),
    contracts: [btc],
    reduceOnly: true,
  };

  it('freezes nothing and skips the minimum notional, up to the closable quantity', () => {
    const r = previewOrder({ ...base, direction: 'short', quantity: '0.001', positions: [longPosition] });
    expect(r.errors).toEqual([]);
    expect(r.preview!.cost).toBe('0');
    expect(r.preview!.initialMargin).toBe('0');
    expect(previewOrder({ ...base, direction: 'short', quantity: '0.015', positions: [longPosition] }).errors).toEqual(
      [],
    );
  });

  it("refuses more than the closable quantity, the position's own side, or no position", () => {
    expect(previewOrder({ ...base, direction: 'short', quantity: '0.016', positions: [longPosition] }).errors).toEqual([
      'reduceOnlyExceeds',
    ]);
    expect(previewOrder({ ...base, direction: 'long', quantity: '0.01', positions: [longPosition] }).errors).toEqual([
      'reduceOnlyExceeds',
    ]);
    expect(previewOrder({ ...base, direction: 'short', quantity: '0.01', positions: [] }).errors).toEqual([
      'reduceOnlyExceeds',
    ]);
  });

  it('without reduce-only the same order needs margin', () => {
    const r = previewOrder({
      ...base,
      reduceOnly: false,
      direction: 'short',
      quantity: '0.001',
      positions: [longPosition],
    });
    expect(r.errors).toContain('insufficient');
  });
});

describe('reducibleBy', () => {
  const longPosition = { symbol: 'BTCUSDT', status: 'open', direction: 'long' } as FuturesPosition;
  it('is the open position on the other side of the order', () => {
    expect(reducibleBy([longPosition], 'BTCUSDT', 'short')).toBe(longPosition);
    expect(reducibleBy([longPosition], 'BTCUSDT', 'long')).toBeNull();
    expect(reducibleBy([longPosition], 'ETHUSDT', 'short')).toBeNull();
  });
});

describe('ratePercent', () => {
  it('moves the point without a float', () => {
    expect(ratePercent('0.0001')).toBe('0.01');
    expect(ratePercent('-0.00012345')).toBe('-0.0123');
    expect(ratePercent('0')).toBe('0');
  });
});
