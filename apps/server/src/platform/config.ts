import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads, validated once at start-up. Each field maps to one environment
 * variable (documented in the README); a bad value stops the process with a message naming it.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Tidemark <no-reply@tidemark.local>'),
  SMS_PROVIDER_URL: z.string().url().optional(),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  APP_DOWNLOAD_OPEN: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  APP_DOWNLOAD_URL: z.string().default('/download'),
  RATE_LIMIT_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().optional(),
  DEV_CLOCK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  DEV_PRICE_CONTROL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WITHDRAW_ADDRESS_COOLDOWN_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  publicUrl: string;
  sessionTtlMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsProviderUrl: string | undefined;
  smsProviderToken: string | undefined;
  uploadMaxBytes: number;
  appDownload: { open: boolean; url: string };
  rateLimitEnabled: boolean;
  webDistDir: string;
  /** A clock that tests may move forward through /api/dev/clock (refused in production). */
  devClock: boolean;
  /** The simulated index feed may be set to a price through /api/dev/price/set (refused in production). */
  devPriceControl: boolean;
  /** How long a new withdrawal address waits before it can be used (0: no wait). */
  withdrawAddressCooldownMs: number;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DEV_CLOCK && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  DEV_CLOCK: not allowed when NODE_ENV=production');
  }
  if (e.DEV_PRICE_CONTROL && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  DEV_PRICE_CONTROL: not allowed when NODE_ENV=production');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsProviderUrl: e.SMS_PROVIDER_URL,
    smsProviderToken: e.SMS_PROVIDER_TOKEN,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    appDownload: { open: e.APP_DOWNLOAD_OPEN, url: e.APP_DOWNLOAD_URL },
    rateLimitEnabled: e.RATE_LIMIT_ENABLED,
    devClock: e.DEV_CLOCK,
    devPriceControl: e.DEV_PRICE_CONTROL,
    withdrawAddressCooldownMs: e.WITHDRAW_ADDRESS_COOLDOWN_HOURS * 3600_000,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
  };
}
