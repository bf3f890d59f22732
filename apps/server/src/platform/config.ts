import path from 'node:path';
import { z } from 'zod';
import { parseAddressList } from './net/address-list.ts';
import { parseDevTools, type DevTools } from './dev-tools/dev-tools-config.ts';
import { productionProblems } from './production-check.ts';

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
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional(),
  // several installations may share one Redis: each keeps its keys under its own prefix
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'letters, digits and . _ : - only, at most 64')
    .default('tidemark:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // the quiz, the young-account leverage cap and the cooling-off (docs/decisions/0026); off only for test suites
  RESPONSIBLE_TRADING: z.enum(['on', 'off']).default('on'),
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  TABLE_UPKEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
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
  RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  WEB_DIST_DIR: z.string().optional(),
  DEV_CLOCK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  DEV_PRICE_CONTROL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  ALLOW_DEMO_PRICES_IN_PRODUCTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // comma-separated: outbox, clock, price (or all); empty = none
  DEV_TOOLS: z.string().default(''),
  // comma-separated origins allowed to call the API from another site; empty = same origin only
  CORS_ORIGINS: z.string().default(''),
  // comma-separated addresses or CIDRs of reverse proxies whose X-Forwarded-For is believed
  TRUSTED_PROXIES: z.string().default(''),
  // the first-operator setup link is answered only from this machine unless this says otherwise
  OPERATOR_SETUP_REMOTE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  ADMIN_DIST_DIR: z.string().optional(),
  WITHDRAW_ADDRESS_COOLDOWN_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Shared counters (the bot API's limits) live here when set, so several nodes count together. */
  redisUrl: string | undefined;
  /** Put in front of every Redis key this installation writes. */
  redisKeyPrefix: string;
  logLevel: string;
  publicUrl: string;
  sessionTtlMs: number;
  /** How often the tables' change counters are read to analyze (and, embedded, vacuum) grown tables; 0: never. */
  tableUpkeepMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsProviderUrl: string | undefined;
  smsProviderToken: string | undefined;
  uploadMaxBytes: number;
  appDownload: { open: boolean; url: string };
  rateLimitEnabled: boolean;
  /** Multiplies the per-address limits on sign-up, sign-in, recovery and code requests (RATE_LIMIT_FACTOR). */
  rateLimitFactor: number;
  webDistDir: string;
  /** Where the built operator console is served from (at /admin). */
  adminDistDir: string;
  /** The first-operator setup link may be used from another machine (behind PUBLIC_URL). */
  operatorSetupRemote: boolean;
  /** The development conveniences switched on (DEV_TOOLS); always none in production. */
  devTools: DevTools;
  /** A clock that tests may move forward through /api/dev/clock (refused in production). */
  devClock: boolean;
  /** The simulated index feed may be set to a price through /api/dev/price/set (refused in production). */
  devPriceControl: boolean;
  /** NODE_ENV=production may run on the simulated (demo) price feed: a demo deployment, said so explicitly. */
  allowDemoPricesInProduction: boolean;
  /** Origins (scheme://host[:port]) allowed to call the API cross-site; empty: same origin only. */
  corsOrigins: string[];
  /** Reverse proxies whose X-Forwarded-For is believed; empty: the socket's peer is the client. */
  trustedProxies: string[];
  /** How long a new withdrawal address waits before it can be used (0: no wait). */
  withdrawAddressCooldownMs: number;
  /** The risk quiz and the young-account leverage cap are enforced before futures and cycle orders (RESPONSIBLE_TRADING); a user's cooling-off holds either way. */
  responsibleTrading: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const invalid: string[] = [];
  const devTools = parseDevTools(e.DEV_TOOLS, { clock: e.DEV_CLOCK, price: e.DEV_PRICE_CONTROL });
  if (!devTools.ok) invalid.push(`DEV_TOOLS: ${devTools.problem}`);
  const trustedProxies = parseAddressList(e.TRUSTED_PROXIES);
  if (!trustedProxies.ok) invalid.push(`TRUSTED_PROXIES: ${trustedProxies.problem}`);
  const corsOrigins = parseOrigins(e.CORS_ORIGINS);
  if (!corsOrigins.ok) invalid.push(`CORS_ORIGINS: ${corsOrigins.problem}`);
  if (invalid.length) throw new ConfigError(`Invalid configuration:\n${invalid.map((l) => `  ${l}`).join('\n')}`);
  if (e.NODE_ENV === 'production') {
    const problems = productionProblems(e, devTools.tools!);
    const demoPrices = checkDemoPricesInProduction(env, e.NODE_ENV, e.ALLOW_DEMO_PRICES_IN_PRODUCTION);
    if (demoPrices) problems.push(demoPrices);
    if (problems.length) {
      throw new ConfigError(
        `Refusing to start with NODE_ENV=production: the configuration is not safe for production.\n${problems
          .map((l) => `  - ${l}`)
          .join('\n')}\nSee "Production checklist" in the README.`,
      );
    }
  }
  const tools = devTools.tools!;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    tableUpkeepMs: e.TABLE_UPKEEP_SECONDS * 1000,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsProviderUrl: e.SMS_PROVIDER_URL,
    smsProviderToken: e.SMS_PROVIDER_TOKEN,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    appDownload: { open: e.APP_DOWNLOAD_OPEN, url: e.APP_DOWNLOAD_URL },
    rateLimitEnabled: e.RATE_LIMIT_ENABLED,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    devTools: tools,
    devClock: tools.clock,
    devPriceControl: tools.price,
    corsOrigins: corsOrigins.origins!,
    trustedProxies: trustedProxies.entries!,
    allowDemoPricesInProduction: e.ALLOW_DEMO_PRICES_IN_PRODUCTION,
    withdrawAddressCooldownMs: e.WITHDRAW_ADDRESS_COOLDOWN_HOURS * 3600_000,
    responsibleTrading: e.RESPONSIBLE_TRADING === 'on',
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
    adminDistDir: path.resolve(e.ADMIN_DIST_DIR ?? new URL('../../../admin/dist', import.meta.url).pathname),
    operatorSetupRemote: e.OPERATOR_SETUP_REMOTE,
  };
}

/**
 * Production check: the simulated price feed is refused with NODE_ENV=production. Cycle contracts and futures pay
 * out on the index; a simulated index is invented by the platform itself, so real money must never be settled
 * on it — unless the operator says this is a demo deployment (ALLOW_DEMO_PRICES_IN_PRODUCTION=true), where every
 * price is labelled demo. Returns the problem, or null.
 */
export function checkDemoPricesInProduction(
  env: NodeJS.ProcessEnv,
  nodeEnv: string,
  allowDemoPrices: boolean,
): string | null {
  const source = env.PRICE_SOURCE ?? 'simulated';
  if (nodeEnv !== 'production' || source !== 'simulated' || allowDemoPrices) return null;
  return (
    'PRICE_SOURCE: the simulated (demo) price feed is refused when NODE_ENV=production, because cycle contracts ' +
    'and futures pay out on it; set PRICE_SOURCE=ccxt, or ALLOW_DEMO_PRICES_IN_PRODUCTION=true for a demo deployment'
  );
}

/** CORS_ORIGINS: each entry an origin exactly as a browser sends it (no path, no wildcard). */
function parseOrigins(raw: string): { ok: boolean; origins?: string[]; problem?: string } {
  const origins: string[] = [];
  for (const entry of raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return { ok: false, problem: `"${entry}" is not an origin like https://app.example.com` };
    }
    if (!/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
      return { ok: false, problem: `"${entry}" is not an origin like https://app.example.com (no path, no wildcard)` };
    }
    origins.push(url.origin);
  }
  return { ok: true, origins };
}
