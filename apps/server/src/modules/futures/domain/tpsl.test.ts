import { describe, expect, it } from 'vitest';
import { contractOf, priceToTicks, qtyToLots } from './contracts.ts';
import type { Position } from '@tidemark/futures-math';
import { tpslTriggered, validateTpSl } from './tpsl.ts';
import { parseFixed } from '@tidemark/futures-math';

const ETH = contractOf('ETHUSDT')!;
const px = (s: string) => priceToTicks(ETH, s);
const long: Position = { size: qtyToLots(ETH, '1'), entryValue: parseFixed('2000', 6) };
const short: Position = { size: -long.size, entryValue: long.entryValue };

describe('TP/SL validation (spec §5)', () => {
  it('long: stop-loss not above the open price, take-profit not below it', () => {
    const base = { position: long, mark: px('2000'), liquidation: px('1912.43') };
    expect(validateTpSl({ ...base, takeProfit: px('2100'), stopLoss: px('1950') })).toEqual({
      errors: [],
      warnings: [],
    });
    expect(validateTpSl({ ...base, takeProfit: null, stopLoss: px('2000.01') }).errors).toContain(
      'stopLossAboveOpenPrice',
    );
    expect(validateTpSl({ ...base, takeProfit: px('1999.99'), stopLoss: null }).errors).toContain(
      'takeProfitBelowOpenPrice',
    );
  });
  it('short: mirrored', () => {
    const base = { position: short, mark: px('2000'), liquidation: px('2086.44') };
    expect(validateTpSl({ ...base, takeProfit: px('1900'), stopLoss: px('2050') })).toEqual({
      errors: [],
      warnings: [],
    });
    expect(validateTpSl({ ...base, takeProfit: null, stopLoss: px('1999.99') }).errors).toContain(
      'stopLossBelowOpenPrice',
    );
    expect(validateTpSl({ ...base, takeProfit: px('2000.01'), stopLoss: null }).errors).toContain(
      'takeProfitAboveOpenPrice',
    );
  });
  it('refuses prices that would trigger at once against the mark', () => {
    // long in profit: mark 2100; a take-profit at 2050 is valid against the open price but already reached
    const r = validateTpSl({
      position: long,
      mark: px('2100'),
      liquidation: null,
      takeProfit: px('2050'),
      stopLoss: null,
    });
    expect(r.errors).toEqual(['takeProfitWouldTriggerNow']);
    // long at a loss: mark 1950; a stop-loss at 1960 is below the open price but already crossed
    const s = validateTpSl({
      position: long,
      mark: px('1950'),
      liquidation: null,
      takeProfit: null,
      stopLoss: px('1960'),
    });
    expect(s.errors).toEqual(['stopLossWouldTriggerNow']);
  });
  it('warns when the stop-loss lies beyond the liquidation price', () => {
    const r = validateTpSl({
      position: long,
      mark: px('2000'),
      liquidation: px('1912.43'),
      takeProfit: null,
      stopLoss: px('1900'),
    });
    expect(r).toEqual({ errors: [], warnings: ['stopLossBeyondLiquidation'] });
    const s = validateTpSl({
      position: short,
      mark: px('2000'),
      liquidation: px('2086.44'),
      takeProfit: null,
      stopLoss: px('2086.44'),
    });
    expect(s).toEqual({ errors: [], warnings: ['stopLossBeyondLiquidation'] });
  });
  it('refuses a flat position and non-positive prices', () => {
    expect(
      validateTpSl({
        position: { size: 0n, entryValue: 0n },
        mark: 1n,
        liquidation: null,
        takeProfit: 1n,
        stopLoss: null,
      }).errors,
    ).toEqual(['noPosition']);
    expect(
      validateTpSl({ position: long, mark: px('2000'), liquidation: null, takeProfit: 0n, stopLoss: null }).errors,
    ).toEqual(['priceInvalid']);
  });
});

describe('TP/SL trigger by mark price', () => {
  it('long: TP at or above, SL at or below; short mirrored', () => {
    expect(tpslTriggered(long, px('2100'), px('2100'), px('1950'))).toBe('takeProfit');
    expect(tpslTriggered(long, px('2099.99'), px('2100'), px('1950'))).toBeNull();
    expect(tpslTriggered(long, px('1950'), px('2100'), px('1950'))).toBe('stopLoss');
    expect(tpslTriggered(short, px('1900'), px('1900'), px('2050'))).toBe('takeProfit');
    expect(tpslTriggered(short, px('2050'), px('1900'), px('2050'))).toBe('stopLoss');
    expect(tpslTriggered(short, px('2000'), null, null)).toBeNull();
  });
});
