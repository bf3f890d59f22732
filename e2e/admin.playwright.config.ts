import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { freshDataDir } from './support/temp-dirs.ts';

/**
 * The operator console (/admin) driven in desktop Chromium against its own fresh server: a new data
 * directory with no operator, so the first one is created from the one-time setup link the server
 * prints. The server's log goes to a file beside the data directory, where the specs read that link.
 * Runs after the retail suite in `npm run test:e2e`, on the same E2E_PORT (never at the same time).
 */
const PORT = Number(process.env.E2E_PORT ?? 18180);
const BASE_URL = `http://127.0.0.1:${PORT}`;

process.env.TM_ADMIN_E2E_DATA_DIR ??= freshDataDir();
const dataDir = process.env.TM_ADMIN_E2E_DATA_DIR;
process.env.TM_ADMIN_E2E_LOG ??= `${dataDir}-server.log`;
const serverDatabaseUrl = process.env.DATABASE_URL;
if (serverDatabaseUrl && !process.env.TM_ADMIN_E2E_DATABASE_URL) {
  const url = new URL(serverDatabaseUrl);
  url.pathname = `/tidemark_e2e_${Date.now()}_${process.pid}`;
  process.env.TM_ADMIN_E2E_DATABASE_URL = url.toString();
}
fs.mkdirSync(path.dirname(process.env.TM_ADMIN_E2E_LOG), { recursive: true });

const serverEnv: Record<string, string> = {
  PORT: String(PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: BASE_URL,
  DATA_DIR: dataDir,
  NODE_ENV: 'development',
  LOG_LEVEL: 'info',
  DEV_TOOLS: 'outbox,clock',
  WITHDRAW_ADDRESS_COOLDOWN_HOURS: '0',
  // every user of the suite signs up from this one address, faster than the per-address limits on sign-up,
  // sign-in and codes allow; the limits themselves have their own API tests
  RATE_LIMIT_FACTOR: '20',
};
if (process.env.TM_ADMIN_E2E_DATABASE_URL) {
  serverEnv.DATABASE_URL = process.env.TM_ADMIN_E2E_DATABASE_URL;
  // fresh-database.ts creates DATABASE_URL's database on this server
  serverEnv.E2E_ADMIN_DATABASE_URL = serverDatabaseUrl!;
}
const start = `node apps/server/src/main.ts > ${JSON.stringify(process.env.TM_ADMIN_E2E_LOG)} 2>&1`;

export default defineConfig({
  testDir: './admin',
  testMatch: '**/*.console.ts',
  outputDir: `${dataDir}-results`,
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    actionTimeout: 20_000,
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: process.env.TM_ADMIN_E2E_DATABASE_URL ? `node e2e/support/fresh-database.ts && ${start}` : start,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${BASE_URL}/api/health`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 300_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
