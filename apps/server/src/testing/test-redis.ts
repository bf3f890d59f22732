import crypto from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the tests use: REDIS_URL, or the one the build machines run. */
export const testRedisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** The URL without its password, for messages. */
function shown(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}

/** Why tests that need Redis cannot run here, or null when it answers a PING. */
export async function redisUnavailable(url = testRedisUrl): Promise<string | null> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  // the socket's error (ECONNREFUSED …) says more than the rejected connect ("Connection is closed.")
  let cause: Error | null = null;
  redis.on('error', (err: Error) => (cause ??= err));
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (err) {
    return `no Redis at ${shown(url)} (${(cause ?? (err as Error)).message}); start one or set REDIS_URL`;
  } finally {
    redis.disconnect();
  }
}

/** A key prefix of the run's own, so runs (and CI jobs sharing one Redis) never count into each other's windows. */
export function testKeyPrefix(): string {
  return `tidemark:test-${crypto.randomUUID()}:`;
}

/** Removes what a run left under its prefix (the keys would expire within their window anyway). */
export async function deleteTestKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
