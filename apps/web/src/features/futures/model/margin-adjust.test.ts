import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FuturesPosition } from '@tidemark/contract/futures';
// The server's formulas, to prove the screen gives the same numbers from the position answer's strings.
import { isolatedMarginBounds, liquidationPrice, unrealizedPnl } from '@tidemark/futures-math';
import { contractUnits, lotsText, ticksText, usdtText } from './contract-units.ts';
import { maxRemovable, previewMarginAdjust } from './margin-adjust.ts';
import { btcLong as long, wire } from './wire-contract.test-support.ts';

const btc = wire('BTCUSDT', '50000');

describe('previewMarginAdjust', () => {
  it('bounds: add up to the available balance, remove up to margin + uPnL − value / L', () => {
    const r = previewMarginAdjust({ contract: btc, position: long, available: '200', action: 'add', amount: '' });
    expect(r).toMatchObject({ maxAdd: '200', maxRemove: '0.9', error: null, sendable: false, newMargin: null });
  });

  it('adding 50 lowers a long liquidation price by the isolated formula', () => {
    const r = previewMarginAdjust({ contract: btc, position: long, available: '200', action: 'add', amount: '50' });
    expect(r.error).toBeNull();
    expect(r.sendable).toBe(true);
    expect(r.newMargin).toBe('100');
    // LP = (500 − 100) / (0.01 × (1 − 0.004)) = 40160.64… → rounded down to the tick
    expect(r.estimatedLiquidationPrice).toBe('40160.6');
  });

  it('refuses more than the bounds, a malformed amount, and a removal without a mark', () => {
    const add = { contract: btc, position: long, available: '20', action: 'add' as const };
    expect(previewMarginAdjust({ ...add, amount: '20.000001' }).error).toBe('addTooMuch');
    expect(previewMarginAdjust({ ...add, amount: '20' }).sendable).toBe(true);
    expect(previewMarginAdjust({ ...add, amount: '0' }).error).toBe('amountInvalid');
    expect(previewMarginAdjust({ ...add, amount: '1.0000001' }).error).toBe('amountInvalid');
    expect(previewMarginAdjust({ ...add, amount: 'abc' }).error).toBe('amountInvalid');
    const remove = { ...add, action: 'remove' as const };
    expect(previewMarginAdjust({ ...remove, amount: '0.9' }).sendable).toBe(true);
    const tooMuch = previewMarginAdjust({ ...remove, amount: '1' });
    expect(tooMuch.error).toBe('removeTooMuch');
    expect(tooMuch.sendable).toBe(false);
    expect(tooMuch.newMargin).toBeNull();
    const unmarked = { ...long, markPrice: null, positionValue: null, unrealizedPnl: null };
    expect(previewMarginAdjust({ ...remove, position: unmarked, amount: '' }).error).toBe('noMark');
    expect(previewMarginAdjust({ ...remove, position: unmarked, amount: '1' }).error).toBe('noMark');
    // adding needs no mark: the liquidation price comes from the open price
    const addUnmarked = previewMarginAdjust({ ...add, position: unmarked, amount: '10' });
    expect(addUnmarked.sendable).toBe(true);
    expect(addUnmarked.estimatedLiquidationPrice).toBe('44176.7');
  });

  it('a losing position can remove nothing', () => {
    const losing = { ...long, markPrice: '49000', positionValue: '490', unrealizedPnl: '-10' };
    expect(maxRemovable(losing)).toBe(0n);
  });

  it('matches the server bounds and liquidation price for any isolated position (every bracket)', () => {
    for (const symbol of ['BTCUSDT', 'ETHUSDT', 'DOGEUSDT']) {
      const contract = wire(symbol, null);
      const c = contractUnits(contract);
      fc.assert(
        fc.property(
          fc.bigInt({ min: 1n, max: 10n ** 7n }),
          fc.bigInt({ min: 1n, max: 10n ** 7n }),
          fc.bigInt({ min: 1n, max: 10n ** 7n }),
          fc.boolean(),
          fc.integer({ min: 1, max: 125 }),
          fc.bigInt({ min: 0n, max: 10n ** 12n }),
          fc.bigInt({ min: 1n, max: 10n ** 12n }),
          (lots, entryTicks, markTicks, isLong, leverage, margin, amount) => {
            const position = { size: isLong ? lots : -lots, entryValue: lots * entryTicks };
            const { maxRemove } = isolatedMarginBounds({ position, margin, mark: markTicks, leverage, available: 0n });
            const view: FuturesPosition = {
              ...long,
              symbol,
              direction: isLong ? 'long' : 'short',
              leverage,
              quantity: lotsText(c, lots),
              markPrice: ticksText(c, markTicks),
              margin: usdtText(margin),
              positionValue: usdtText(lots * markTicks),
              unrealizedPnl: usdtText(unrealizedPnl(position, markTicks)),
            };
            expect(maxRemovable(view)).toBe(maxRemove);
            const r = previewMarginAdjust({
              contract,
              position: view,
              available: usdtText(amount),
              action: 'add',
              amount: usdtText(amount),
            });
            const expected = liquidationPrice(c, position, margin + amount);
            expect(r.estimatedLiquidationPrice).toBe(expected === null ? null : ticksText(c, expected));
          },
        ),
        { numRuns: 200 },
      );
    }
  });
});
