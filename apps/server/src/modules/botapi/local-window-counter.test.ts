import { describe, expect, it } from 'vitest';
import { LocalWindowCounter } from './local-window-counter.ts';

describe('in-process window counter', () => {
  it('adds weight per key within a window and starts again in the next one', async () => {
    const c = new LocalWindowCounter(60_000);
    const t0 = 60_000 * 28_333_334 + 40_000; // 40 s into a minute
    expect(await c.add('ip:a', 20, t0)).toBe(20);
    expect(await c.add('ip:a', 5, t0 + 10_000)).toBe(25);
    expect(await c.add('ip:b', 1, t0 + 10_000)).toBe(1);
    // the minute turned over: a new window
    expect(await c.add('ip:a', 1, t0 + 20_000)).toBe(1);
  });
});
