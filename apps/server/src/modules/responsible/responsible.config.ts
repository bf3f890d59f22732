import { z } from 'zod';

/**
 * Responsible-trading settings, read from the environment once at start-up:
 * RESPONSIBLE_YOUNG_ACCOUNT_DAYS  accounts younger than this are capped (default 30; 0 turns the cap off)
 * RESPONSIBLE_YOUNG_LEVERAGE_CAP  the highest futures leverage of a young account (default 20)
 */
const schema = z.object({
  RESPONSIBLE_YOUNG_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  RESPONSIBLE_YOUNG_LEVERAGE_CAP: z.coerce.number().int().min(1).max(125).default(20),
});

export interface ResponsibleConfig {
  youngDays: number;
  cap: number;
}

export function loadResponsibleConfig(env: NodeJS.ProcessEnv = process.env): ResponsibleConfig {
  const e = schema.parse(env);
  return { youngDays: e.RESPONSIBLE_YOUNG_ACCOUNT_DAYS, cap: e.RESPONSIBLE_YOUNG_LEVERAGE_CAP };
}
