import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settle, type ContractTerms, type Tick } from './settle.ts';

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
