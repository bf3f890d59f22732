import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { deleteTestKeys, redisUnavailable, testKeyPrefix, testRedisUrl } from '../../testing/test-redis.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const LIMIT = 10;
const unavailable = await redisUnavailable();

/** Starts a server with a low weight limit (read from the environment when the bot API registers). */
async function serverWithLimit(env: Record<string, string>, clock: ManualClock): Promise<TestServer> {
  const before = process.env.BOTAPI_WEIGHT_PER_MINUTE;
  process.env.BOTAPI_WEIGHT_PER_MINUTE = String(LIMIT);
  try {
    return await startTestServer({ clock, env });
  } finally {
    if (before === undefined) delete process.env.BOTAPI_WEIGHT_PER_MINUTE;
    else process.env.BOTAPI_WEIGHT_PER_MINUTE = before;
  }
}

async function get(server: TestServer, path: string) {
  const res = await fetch(`${server.url}/api${path}`);
  return { status: res.status, used: res.headers.get('x-mbx-used-weight-1m'), body: (await res.json()) as any };
}

describe.skipIf(unavailable !== null)(
  unavailable ? `bot API limits shared through Redis — skipped: ${unavailable}` : 'bot API limits shared through Redis',
  () => {
    const prefix = testKeyPrefix();
    // one second into a minute on both nodes, so the whole test stays in one window
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 1));
    let nodeA: TestServer;
    let nodeB: TestServer;

    beforeAll(async () => {
      const env = { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix };
      nodeA = await serverWithLimit(env, clock);
      nodeB = await serverWithLimit(env, clock);
    });

    afterAll(async () => {
      await nodeA?.close();
      await nodeB?.close();
      await deleteTestKeys(testRedisUrl, prefix);
    });

    it('refuses with 429 / -1003 once the weight used on both nodes together reaches the limit', async () => {
      const used: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        const r = await get(nodeA, '/v3/time');
        expect(r.status).toBe(200);
        used.push(r.used!);
      }
      for (let i = 0; i < 4; i += 1) {
        const r = await get(nodeB, '/v3/time');
        expect(r.status).toBe(200);
        used.push(r.used!);
      }
      // one count across the nodes: each saw what the other had used
      expect(used).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);

      // node A alone has served 6 of 10, yet it refuses too
      for (const node of [nodeB, nodeA]) {
        const refused = await get(node, '/v3/time');
        expect(refused.status).toBe(429);
        expect(refused.body.code).toBe(-1003);
        expect(refused.body.msg).toMatch(/current limit is 10 request weight per 1 MINUTE/);
      }

      // futures count apart, as on Binance
      const futures = await get(nodeA, '/fapi/v1/time');
      expect(futures.status).toBe(200);
      expect(futures.used).toBe('1');

      // the next minute is a new window on both nodes
      clock.advance(60_000);
      const next = await get(nodeB, '/v3/time');
      expect(next.status).toBe(200);
      expect(next.used).toBe('1');
    });
  },
);

describe('bot API limits when Redis cannot be reached', () => {
  let node: TestServer;

  beforeAll(async () => {
    // loopback port 1 refuses connections: REDIS_URL is set but Redis is down
    node = await serverWithLimit({ REDIS_URL: 'redis://127.0.0.1:1' }, new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 1)));
  });

  afterAll(async () => {
    await node?.close();
  });

  it("fails open to the node's own count: requests are served and the limit still holds per node", async () => {
    for (let i = 1; i <= LIMIT; i += 1) {
      const r = await get(node, '/v3/time');
      expect(r.status).toBe(200);
      expect(r.used).toBe(String(i));
    }
    const refused = await get(node, '/v3/time');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(-1003);
  });
});
