import { z } from 'zod';

/**
 * RESERVES_SNAPSHOT_HOURS  take and publish a proof-of-reserves snapshot every this many hours (0, the
 *                          default: only when an operator asks, in the console or with `npm run por:snapshot`)
 */
const schema = z.object({
  RESERVES_SNAPSHOT_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 31)
    .default(0),
});

export function loadReservesConfig(env: NodeJS.ProcessEnv = process.env): { everyMs: number } {
  return { everyMs: schema.parse(env).RESERVES_SNAPSHOT_HOURS * 3_600_000 };
}
