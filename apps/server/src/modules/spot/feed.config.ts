import { z } from 'zod';

/**
 * Limits of the `/ws` market-data feed, from the environment (validated at start-up like every setting).
 * - sendBudgetBytes: bytes a connection may have waiting in its socket before its updates are held back
 *   (and later replaced by a fresh snapshot: a `resync`);
 * - maxBufferedBytes: a connection still above this after its updates were held back is closed (4008);
 * - stalledMs: a connection that stays over its budget this long is closed too (it is not reading);
 * - pingIntervalMs: the server pings every connection; one that has not answered the previous ping is dropped;
 * - idleTimeoutMs: a connection without any subscription is closed after this long;
 * - depthLevels: how many price levels per side the depth channels carry (snapshot and deltas alike).
 */
export interface FeedLimits {
  flushMs: number;
  sendBudgetBytes: number;
  maxBufferedBytes: number;
  stalledMs: number;
  pingIntervalMs: number;
  idleTimeoutMs: number;
  depthLevels: number;
}

export const MAX_DEPTH_LEVELS = 500;

const schema = z.object({
  WS_FLUSH_MS: z.coerce.number().int().min(10).max(1000).default(100),
  WS_SEND_BUDGET_BYTES: z.coerce
    .number()
    .int()
    .min(16 * 1024)
    .default(512 * 1024),
  WS_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(4 * 1024 * 1024),
  WS_STALLED_MS: z.coerce.number().int().min(1000).default(30_000),
  WS_PING_INTERVAL_MS: z.coerce.number().int().min(1000).default(25_000),
  WS_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  WS_DEPTH_LEVELS: z.coerce.number().int().min(5).max(MAX_DEPTH_LEVELS).default(100),
});

export function loadFeedLimits(env: NodeJS.ProcessEnv = process.env): FeedLimits {
  const e = schema.parse(env);
  return {
    flushMs: e.WS_FLUSH_MS,
    sendBudgetBytes: e.WS_SEND_BUDGET_BYTES,
    maxBufferedBytes: Math.max(e.WS_MAX_BUFFERED_BYTES, e.WS_SEND_BUDGET_BYTES * 2),
    stalledMs: e.WS_STALLED_MS,
    pingIntervalMs: e.WS_PING_INTERVAL_MS,
    idleTimeoutMs: e.WS_IDLE_TIMEOUT_MS,
    depthLevels: e.WS_DEPTH_LEVELS,
  };
}

export const DEFAULT_FEED_LIMITS: FeedLimits = loadFeedLimits({});
