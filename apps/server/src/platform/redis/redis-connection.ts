import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** Long enough for a Redis on the same network under load; short enough to keep a request from waiting on it. */
const COMMAND_TIMEOUT_MS = 500;

/**
 * A Redis connection for work on the request path: a command fails at once while the connection is down
 * (no offline queue, no retries) and within COMMAND_TIMEOUT_MS when Redis hangs, so its caller can decide what
 * to do without it; the connection itself keeps reconnecting in the background. Start-up waits for the first
 * connection, so the first requests are already shared, but does not fail when Redis is unreachable.
 */
export async function connectRedis(url: string, log: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  let unreachable = false;
  // the URL may carry a password: it is never logged
  redis.on('error', (err: Error) => {
    if (unreachable) return;
    unreachable = true;
    log.warn({ err: err.message }, 'Redis unreachable; reconnecting in the background');
  });
  redis.on('ready', () => {
    if (unreachable) log.info('Redis reachable again');
    unreachable = false;
  });
  try {
    await redis.connect();
  } catch {
    // reported by the error listener above; ioredis goes on reconnecting
  }
  return redis;
}
