import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { FailOpenWindowCounter, type CounterLog } from './fail-open-window-counter.ts';
import { LimitCounters } from './limit-counters.ts';
import { LocalWindowCounter } from './local-window-counter.ts';
import type { WindowCounter } from './window-counter.ts';

/** A shared store that can be switched off, counting the calls it receives. */
class SwitchableStore implements WindowCounter {
  up = true;
  calls = 0;
  private readonly inner = new LocalWindowCounter(60_000);
  async add(key: string, weight: number, now: number): Promise<number> {
    this.calls += 1;
    if (!this.up) throw new Error('connect ECONNREFUSED');
    // the other nodes have already used 100 in this window
    return 100 + (await this.inner.add(key, weight, now));
  }
}

function recordingLog() {
  const lines: string[] = [];
  const log: CounterLog = {
    warn: (_obj, msg) => lines.push(`warn: ${msg}`),
    info: (_obj, msg) => lines.push(`info: ${msg}`),
  };
  return { lines, log };
}

describe('failing open when the shared store is unreachable', () => {
  const t0 = 60_000 * 29_000_000;

  it("uses this node's own count, says so once, and goes back to the shared count", async () => {
    const store = new SwitchableStore();
    const { lines, log } = recordingLog();
    let elapsed = 0;
    const c = new FailOpenWindowCounter(store, new LocalWindowCounter(60_000), {
      name: 'spot:weight',
      log,
      retryMs: 1000,
      monotonic: () => elapsed,
    });
    expect(await c.add('ip:a', 5, t0)).toBe(105);
    store.up = false;
    // the node's own count went on all along: 5 + 5, not 5 from zero
    expect(await c.add('ip:a', 5, t0 + 1)).toBe(10);
    expect(lines).toEqual(['warn: bot API limit: shared store unreachable, counting on this node only']);
    // within the pause the store is not asked again (a hung Redis would cost a timeout per request)
    elapsed = 999;
    expect(await c.add('ip:a', 1, t0 + 2)).toBe(11);
    expect(store.calls).toBe(2);
    // still down after the pause: asked once more, warned only once
    elapsed = 1000;
    expect(await c.add('ip:a', 1, t0 + 3)).toBe(12);
    expect(store.calls).toBe(3);
    expect(lines).toHaveLength(1);
    // back: the shared count again (what the node counted alone is not added to it)
    store.up = true;
    elapsed = 2000;
    expect(await c.add('ip:a', 1, t0 + 4)).toBe(106);
    expect(lines[1]).toBe('info: bot API limit: counting across nodes again');
  });

  it('serves and still counts per node when REDIS_URL points at nothing', async () => {
    // port 1 on loopback refuses connections: Redis is unreachable from the start
    const counters = await LimitCounters.open(
      { redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: 'tidemark:' },
      pino({ level: 'silent' }),
    );
    try {
      expect(counters.shared).toBe(true);
      const { weights, orders } = counters.forArea('spot');
      expect(await weights.add('ip:127.0.0.1', 20, t0)).toBe(20);
      expect(await weights.add('ip:127.0.0.1', 20, t0 + 1)).toBe(40);
      expect(await orders.add('key:1', 1, t0)).toBe(1);
    } finally {
      counters.close();
    }
  });
});
