import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLOSE_WINDOW_MS,
  CYCLE_RULE_V1,
  CYCLE_RULE_V2,
  readyToSettle,
  settle,
  settleByRule,
  settleV2,
  type ContractTerms,
  type Tick,
} from './settle.ts';

const T0 = 1_700_000_000_000;
const terms = (direction: 'up' | 'down', over: Partial<ContractTerms> = {}): ContractTerms => ({
  direction,
  committedAt: T0 + 400,
  endAt: T0 + 60_400,
  stake: 100_000_000n,
  payout: 185_000_000n,
  ...over,
});
const tick = (sec: number, price: string): Tick => ({ ts: T0 + sec * 1000, price });

describe('settle (rule cycle-rules-v1)', () => {
  const path = [tick(0, '100'), tick(1, '101'), tick(30, '99'), tick(60, '102.5'), tick(61, '90')];

  it('up wins when the exit is above the entry: pays stake × (1 + payout)', () => {
    const s = settle(terms('up'), path);
    expect(s).toMatchObject({ outcome: 'won', refundReason: null, credit: 185_000_000n });
    expect(s.entry).toEqual(tick(1, '101')); // the first tick AFTER the commit (T0+400), not the one before
    expect(s.exit).toEqual(tick(60, '102.5')); // the last tick at or before the end (T0+60.4 s)
  });

  it('down loses on the same path and credits nothing', () => {
    expect(settle(terms('down'), path)).toMatchObject({ outcome: 'lost', credit: 0n });
  });

  it('down wins when the exit is below the entry', () => {
    const s = settle(terms('down'), [tick(1, '101'), tick(60, '100.99999999')]);
    expect(s).toMatchObject({ outcome: 'won', credit: 185_000_000n });
  });

  it('a tie is refunded (either direction)', () => {
    for (const d of ['up', 'down'] as const) {
      expect(settle(terms(d), [tick(1, '101'), tick(60, '101.000')])).toMatchObject({
        outcome: 'refunded',
        refundReason: 'tie',
        credit: 100_000_000n,
      });
    }
  });

  it('fewer than two ticks in the window is refunded', () => {
    expect(settle(terms('up'), [])).toMatchObject({
      outcome: 'refunded',
      refundReason: 'no_ticks',
      entry: null,
      exit: null,
    });
    expect(settle(terms('up'), [tick(0, '100'), tick(61, '200')])).toMatchObject({
      outcome: 'refunded',
      refundReason: 'no_ticks',
    });
    expect(settle(terms('up'), [tick(0, '100'), tick(5, '101'), tick(61, '200')])).toMatchObject({
      outcome: 'refunded',
      refundReason: 'single_tick',
    });
  });

  it('boundary: a tick exactly at the end time is the exit; one a millisecond later is not', () => {
    const t = terms('up', { committedAt: T0, endAt: T0 + 60_000 });
    expect(settle(t, [tick(1, '100'), tick(60, '101'), tick(61, '50')]).exit).toEqual(tick(60, '101'));
    expect(settle(t, [tick(1, '100'), { ts: T0 + 60_001, price: '50' }])).toMatchObject({
      outcome: 'refunded',
      refundReason: 'single_tick',
    });
  });

  it('boundary: a tick exactly at the commit time is not the entry', () => {
    const t = terms('up', { committedAt: T0 + 1000 });
    const s = settle(t, [tick(1, '500'), tick(2, '100'), tick(60, '101')]);
    expect(s.entry).toEqual(tick(2, '100'));
    expect(s.outcome).toBe('won');
  });
});

// --- property: the result is a function of (terms, ticks) alone ---------------------------------
const priceArb = fc.integer({ min: 1, max: 10_000_000 }).map((n) => (n / 1000).toFixed(3));
const ticksArb = fc
  .uniqueArray(fc.integer({ min: -20, max: 140 }), { maxLength: 60 })
  .chain((secs) => fc.tuple(...secs.map((s) => priceArb.map((p) => ({ ts: T0 + s * 1000, price: p })))))
  .map((xs) => xs as Tick[]);
const termsArb = fc.record({
  direction: fc.constantFrom('up' as const, 'down' as const),
  committedAt: fc.integer({ min: 0, max: 5_000 }).map((ms) => T0 + ms),
  period: fc.constantFrom(30, 60, 120),
  stake: fc.bigInt({ min: 1n, max: 10n ** 12n }),
});
const toTerms = (x: {
  direction: 'up' | 'down';
  committedAt: number;
  period: number;
  stake: bigint;
}): ContractTerms => ({
  direction: x.direction,
  committedAt: x.committedAt,
  endAt: x.committedAt + x.period * 1000,
  stake: x.stake,
  payout: x.stake + (x.stake * 85n) / 100n,
});

describe('settle is a function of (terms, ticks) alone', () => {
  it('same terms and ticks → same result, whatever else differs (who, which id, when it is called, tick order)', () => {
    fc.assert(
      fc.property(termsArb, ticksArb, fc.integer(), fc.integer(), fc.nat(1000), (t, ticks, userA, userB, seed) => {
        const a = settle(toTerms(t), ticks);
        // the contract as another user/id would hold it: extra fields settle() must not read
        const other = { ...toTerms(t), userId: userA ^ userB, id: seed, requestId: `r${userB}` } as ContractTerms;
        const shuffled = [...ticks].sort((x, y) => ((x.ts * 7919 + seed) % 104729) - ((y.ts * 7919 + seed) % 104729));
        const b = settle(other, shuffled);
        expect(b).toEqual(a);
      }),
      { numRuns: 400 },
    );
  });

  it('ticks outside the window (before the commit, after the end) change nothing', () => {
    fc.assert(
      fc.property(termsArb, ticksArb, ticksArb, (t, ticks, noise) => {
        const terms0 = toTerms(t);
        const inside = ticks.filter((x) => x.ts > terms0.committedAt && x.ts <= terms0.endAt);
        const outside = noise
          .filter((x) => !inside.some((y) => y.ts === x.ts))
          .filter((x) => x.ts <= terms0.committedAt || x.ts > terms0.endAt);
        const a = settle(terms0, inside);
        const b = settle(terms0, [...outside, ...inside].reverse());
        expect(b).toEqual(a);
      }),
      { numRuns: 400 },
    );
  });

  it('the credit is always stake, payout or zero, and up and down never both win', () => {
    fc.assert(
      fc.property(termsArb, ticksArb, (t, ticks) => {
        const up = settle({ ...toTerms(t), direction: 'up' }, ticks);
        const down = settle({ ...toTerms(t), direction: 'down' }, ticks);
        expect(up.outcome === 'won' && down.outcome === 'won').toBe(false);
        expect(up.outcome === 'refunded').toBe(down.outcome === 'refunded');
        for (const s of [up, down]) {
          const expected = s.outcome === 'won' ? toTerms(t).payout : s.outcome === 'lost' ? 0n : toTerms(t).stake;
          expect(s.credit).toBe(expected);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('settle (rule cycle-rules-v2: decided only on a stored closing tick)', () => {
  // end at T0 + 60.4 s
  it('decides as v1 once a tick at or after the end (within the close window) is stored', () => {
    const path = [tick(1, '101'), tick(60, '102.5'), tick(61, '90')];
    expect(settleV2(terms('up'), path)).toEqual(settle(terms('up'), path));
    // a tick exactly at the end is both the exit and the closing tick
    const exact = [tick(1, '101'), { ts: T0 + 60_400, price: '102' }];
    expect(settleV2(terms('up'), exact)).toMatchObject({ outcome: 'won', exit: exact[1] });
  });

  it('refunds when no tick at or after the end is stored within the close window (a late or stalled feed)', () => {
    const late = [tick(1, '101'), tick(60, '102.5')];
    expect(settleV2(terms('up'), late)).toMatchObject({
      outcome: 'refunded',
      refundReason: 'no_close_tick',
      credit: 100_000_000n,
    });
    // a tick only after the close window does not close it either
    const outside = [...late, { ts: T0 + 60_400 + CLOSE_WINDOW_MS + 1, price: '1' }];
    expect(settleV2(terms('up'), outside).refundReason).toBe('no_close_tick');
    // v1 would have decided on the last tick stored before the end
    expect(settle(terms('up'), late).outcome).toBe('won');
    // no entry at all keeps its own reason
    expect(settleV2(terms('up'), [tick(70, '1')]).refundReason).toBe('no_ticks');
  });

  it('settles each contract by the rule it was sold under, and refuses an unknown one', () => {
    const late = [tick(1, '101'), tick(60, '102.5')];
    expect(settleByRule(CYCLE_RULE_V1, terms('up'), late).outcome).toBe('won');
    expect(settleByRule(CYCLE_RULE_V2, terms('up'), late).refundReason).toBe('no_close_tick');
    expect(() => settleByRule('cycle-rules-v0', terms('up'), late)).toThrow(/unknown cycle rule version/);
  });

  it('is ready to settle on a closing tick, or only after the close window and the grace period', () => {
    const end = T0 + 60_400;
    const before = [tick(60, '1')];
    expect(readyToSettle(CYCLE_RULE_V2, end, [...before, { ts: end, price: '1' }], end, 10_000)).toBe(true);
    expect(readyToSettle(CYCLE_RULE_V2, end, before, end + 14_999, 10_000)).toBe(false);
    expect(readyToSettle(CYCLE_RULE_V2, end, before, end + CLOSE_WINDOW_MS + 10_000, 10_000)).toBe(true);
    // v1 kept its own condition: a tick strictly after the end, or the grace period
    expect(readyToSettle(CYCLE_RULE_V1, end, [{ ts: end, price: '1' }], end, 10_000)).toBe(false);
    expect(readyToSettle(CYCLE_RULE_V1, end, before, end + 10_000, 10_000)).toBe(true);
  });

  it('property: a tick arriving after a v2 settlement was possible cannot change its result', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ sec: fc.integer({ min: 0, max: 70 }), p: fc.integer({ min: 1, max: 5 }) }), {
          maxLength: 30,
        }),
        fc.integer({ min: 0, max: 100_000 }),
        (raw, lateMs) => {
          const t = terms('up');
          const ticks = raw.map((r) => ({ ts: T0 + r.sec * 1000, price: String(r.p) }));
          const stored = [...new Map(ticks.map((x) => [x.ts, x])).values()].sort((a, b) => a.ts - b.ts);
          // ticks are stored in time order: once one at or after the end is stored, a later arrival is later in time
          const closing = stored.find((x) => x.ts >= t.endAt);
          if (!closing) return;
          const known = stored.filter((x) => x.ts <= closing.ts);
          const late = { ts: closing.ts + 1 + lateMs, price: '999' };
          const a = settleV2(t, known);
          const b = settleV2(t, [...stored, late]);
          expect(b.outcome).toBe(a.outcome);
          expect(b.credit).toBe(a.credit);
        },
      ),
    );
  });
});
