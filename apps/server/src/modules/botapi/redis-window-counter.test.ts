import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteTestKeys, redisUnavailable, testKeyPrefix, testRedisUrl } from '../../testing/test-redis.ts';
import { RedisWindowCounter } from './redis-window-counter.ts';

const unavailable = await redisUnavailable();
const prefix = `${testKeyPrefix()}botapi:`;
// two connections stand for two server nodes
let nodeA: Redis;
let nodeB: Redis;

const connect = async () => {
  const redis = new Redis(testRedisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  await redis.connect();
  return redis;
};

describe.skipIf(unavailable !== null)(
  unavailable ? `Redis window counter — skipped: ${unavailable}` : 'Redis window counter',
  () => {
    beforeAll(async () => {
      nodeA = await connect();
      nodeB = await connect();
    });

    afterAll(async () => {
      nodeA?.disconnect();
      nodeB?.disconnect();
      await deleteTestKeys(testRedisUrl, prefix);
    });

    it('lets two nodes add to one window', async () => {
      const a = new RedisWindowCounter({ redis: nodeA, prefix: `${prefix}shared:`, windowMs: 60_000 });
      const b = new RedisWindowCounter({ redis: nodeB, prefix: `${prefix}shared:`, windowMs: 60_000 });
      const t0 = 60_000 * 29_000_000 + 15_000;
      expect(await a.add('ip:10.0.0.1', 5, t0)).toBe(5);
      expect(await b.add('ip:10.0.0.1', 3, t0 + 1_000)).toBe(8);
      expect(await a.add('ip:10.0.0.1', 2, t0 + 2_000)).toBe(10);
      // another client has its own count
      expect(await b.add('ip:10.0.0.2', 1, t0 + 2_000)).toBe(1);
    });

    it('counts every concurrent request once (one atomic round trip each)', async () => {
      const a = new RedisWindowCounter({ redis: nodeA, prefix: `${prefix}race:`, windowMs: 60_000 });
      const b = new RedisWindowCounter({ redis: nodeB, prefix: `${prefix}race:`, windowMs: 60_000 });
      const t0 = 60_000 * 29_000_000;
      const totals = await Promise.all(
        Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).add('ip:10.0.0.3', 2, t0 + i)),
      );
      expect(Math.max(...totals)).toBe(200);
      expect(new Set(totals).size).toBe(100);
    });

    it('starts a new window when the old one has passed, and lets the old key expire', async () => {
      const a = new RedisWindowCounter({ redis: nodeA, prefix: `${prefix}roll:`, windowMs: 10_000 });
      const b = new RedisWindowCounter({ redis: nodeB, prefix: `${prefix}roll:`, windowMs: 10_000 });
      const start = 10_000 * 170_000_000;
      expect(await a.add('key:7', 1, start + 9_999)).toBe(1);
      expect(await b.add('key:7', 1, start + 9_999)).toBe(2);
      // the next ten seconds: a new key, counted from zero on both nodes
      expect(await b.add('key:7', 1, start + 10_000)).toBe(1);
      expect(await a.add('key:7', 1, start + 10_001)).toBe(2);
      // keys are named by the window's start and expire within a window's length
      const old = `${prefix}roll:${start}:key:7`;
      expect(await nodeA.get(old)).toBe('2');
      const ttl = await nodeA.pttl(old);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(10_000);
      expect(await nodeA.get(`${prefix}roll:${start + 10_000}:key:7`)).toBe('2');
    });
  },
);
