import { describe, expect, it } from 'vitest';
import { closeTrigger, hasAdvancedTrigger } from './close-triggers.ts';
import type { PositionRow } from './futures.schema.ts';
import { positionRow } from './position-row.test-helpers.ts';

/** A long (or short) of 10 lots opened at 1,000 ticks, no trigger unless given. */
function pos(p: Partial<PositionRow> = {}): PositionRow {
  return positionRow({ qtyLots: 10n, entryValue: 10_000n, margin: 1_000n, openedValue: 10_000n, ...p });
}

describe('closeTrigger', () => {
  it('judges each of TP and SL on the price it chose', () => {
    const p = pos({ takeProfitTicks: 1_100n, tpTrigger: 'last', stopLossTicks: 900n });
    // the mark crosses the TP but the TP watches the last trade
    expect(closeTrigger(p, { mark: 1_100n, last: 1_050n }).kind).toBeNull();
    expect(closeTrigger(p, { mark: 1_050n, last: 1_100n }).kind).toBe('take_profit');
    // the SL watches the mark: a last trade below it changes nothing
    expect(closeTrigger(p, { mark: 950n, last: 899n }).kind).toBeNull();
    expect(closeTrigger(p, { mark: 900n, last: 1_100n }).kind).toBe('stop_loss');
    // no trade yet: a last-price trigger waits
    expect(closeTrigger(p, { mark: 1_050n, last: null }).kind).toBeNull();
  });

  it('moves a short trailing stop with the low and fires on the retracement; a stop-loss comes first', () => {
    const p = pos({ side: 'short', trailCallback: 100, trailWatermarkTicks: 1_000n });
    const low = closeTrigger(p, { mark: 950n, last: null });
    expect(low).toEqual({ kind: null, watermark: 950n });
    // 950 × 1.01 = 959.5
    expect(closeTrigger({ ...p, trailWatermarkTicks: 950n }, { mark: 959n, last: null }).kind).toBeNull();
    expect(closeTrigger({ ...p, trailWatermarkTicks: 950n }, { mark: 960n, last: null }).kind).toBe('trailing_stop');
    const both = { ...p, trailWatermarkTicks: 950n, stopLossTicks: 960n };
    expect(closeTrigger(both, { mark: 960n, last: null }).kind).toBe('stop_loss');
  });

  it('keeps an inactive trailing stop waiting for its activation price', () => {
    const p = pos({ trailCallback: 50, trailActivationTicks: 1_200n, trailTrigger: 'last' });
    expect(closeTrigger(p, { mark: 1_300n, last: 1_150n })).toEqual({ kind: null, watermark: null });
    expect(closeTrigger(p, { mark: 1_000n, last: 1_200n })).toEqual({ kind: null, watermark: 1_200n });
  });

  it('knows which positions it has to look at', () => {
    expect(hasAdvancedTrigger(pos({ takeProfitTicks: 1_100n }))).toBe(false);
    expect(hasAdvancedTrigger(pos({ takeProfitTicks: 1_100n, tpTrigger: 'last' }))).toBe(true);
    expect(hasAdvancedTrigger(pos({ tpTrigger: 'last' }))).toBe(false);
    expect(hasAdvancedTrigger(pos({ trailCallback: 10 }))).toBe(true);
  });
});
