import { freePort } from '../testing/free-port.ts';
import { describe, expect, it } from 'vitest';
import { runChaosKill } from './chaos-kill.ts';

/**
 * Three rounds of the SIGKILL loop on the database the suite runs on (PGlite, or PostgreSQL when
 * DATABASE_URL is set): `npm run chaos:kill -- --rounds 20` is the full campaign.
 */

describe('SIGKILL loop', () => {
  it('keeps every acknowledged request, half-applies nothing and reconciles after each kill', async () => {
    const { rounds, summary } = await runChaosKill({
      rounds: 3,
      db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      port: await freePort(),
      seed: 3,
    });
    expect(summary.problems).toEqual([]);
    expect(summary.ok).toBe(true);
    expect(rounds).toHaveLength(3);
    for (const r of rounds) {
      expect(r.acknowledged.order ?? 0, `round ${r.round}`).toBeGreaterThan(0);
      expect(r.inFlightAtKill, `round ${r.round}`).toBeGreaterThan(0); // killed with requests under way
      expect(r.inFlightCommitted + r.inFlightAbsent).toBeLessThanOrEqual(r.inFlightAtKill);
    }
    expect(rounds.some((r) => (r.acknowledged.transfer ?? 0) > 0)).toBe(true);
  }, 900_000);
});
