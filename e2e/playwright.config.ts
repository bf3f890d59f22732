import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';
import { freshDataDir } from './support/temp-dirs.ts';

/**
 * End-to-end tests: the built web app served by the real server (one process, as `npm start`
 * runs it) on port 18180, driven by Debian's Chromium as a phone (390×844).
 *
 * Every run gets a fresh server state: a new temporary DATA_DIR (embedded PGlite), or, when
 * DATABASE_URL is set, a new database on that PostgreSQL server (see support/fresh-database.ts).
 * The config module is loaded by the runner and again by each worker, so what is created once
 * is handed on through environment variables.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18180);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

process.env.TM_E2E_DATA_DIR ??= freshDataDir();
const serverDatabaseUrl = process.env.DATABASE_URL;
if (serverDatabaseUrl && !process.env.TM_E2E_DATABASE_URL) {
  const url = new URL(serverDatabaseUrl);
  // the name carries its creation time so a later run can clear databases left by killed runs
  url.pathname = `/tidemark_e2e_${Date.now()}_${process.pid}`;
  process.env.TM_E2E_DATABASE_URL = url.toString();
}

const MOBILE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const serverEnv: Record<string, string> = {
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: BASE_URL,
  DATA_DIR: process.env.TM_E2E_DATA_DIR,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  // the suite reads codes from the outbox, moves the clock and steers the simulated price (loopback only)
  DEV_TOOLS: 'outbox,clock,price',
  // the flows withdraw to an address they just typed; the new-address cool-down has its own API tests
  WITHDRAW_ADDRESS_COOLDOWN_HOURS: '0',
  // every user of the suite signs up from this one address, faster than the per-address limits on sign-up,
  // sign-in and codes allow; the limits themselves have their own API tests
  RATE_LIMIT_FACTOR: '20',
  // one market keeps no trades of its own, so its chart shows the index price (charts.spec.ts)
  // and one more (stops.spec.ts): only that spec's users trade it, with a thin book of two levels a side, so a stop
  // fires when that spec's trade crosses it and at no other time
  SPOT_DEMO_TAKER_SKIP: 'LINKUSDT,AVAXUSDT',
  SPOT_MM_MARKETS: JSON.stringify({ AVAXUSDT: { levels: 2, levelUsdt: '20' } }),
  // the futures and cycle flows trade with brand-new users: the quiz and the new-account leverage cap are
  // enforced only when a run asks for it (RESPONSIBLE_TRADING=on; they have their own API tests); a
  // cooling-off the user sets holds either way (responsible.spec.ts)
  RESPONSIBLE_TRADING: process.env.RESPONSIBLE_TRADING ?? 'off',
};
if (process.env.TM_E2E_DATABASE_URL) serverEnv.DATABASE_URL = process.env.TM_E2E_DATABASE_URL;
// a web build elsewhere than apps/web/dist (e.g. one that a parallel build cannot replace mid-run)
if (process.env.WEB_DIST_DIR) serverEnv.WEB_DIST_DIR = process.env.WEB_DIST_DIR;

// With PostgreSQL the fresh database must exist before the server starts, and Playwright starts
// the webServer before any globalSetup: so the creation runs first in the same command. So does the
// support operator the content/support specs act as (the server then holds the embedded store's lock).
const command = process.env.TM_E2E_DATABASE_URL
  ? 'node e2e/support/fresh-database.ts && node e2e/support/create-operator.ts && node apps/server/src/main.ts'
  : 'node e2e/support/create-operator.ts && node apps/server/src/main.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // per run, so two runs on one machine never delete each other's traces
  outputDir: `${process.env.TM_E2E_DATA_DIR}-results`,
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'mobile-chromium',
      use: {
        ...devices['Pixel 7'],
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        userAgent: MOBILE_UA,
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${BASE_URL}/api/health`,
    env: { ...serverEnv, E2E_ADMIN_DATABASE_URL: serverDatabaseUrl ?? '' },
    reuseExistingServer: false,
    // a start on a busy shared machine can take two minutes (migrations, seeds, the books rebuilt)
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
