/**
 * Order placement through the real HTTP API (`npm run bench:http`).
 *
 * Starts the server itself as a child process (node apps/server/src/main.ts) on its own port and a fresh
 * data directory (PGlite), or on a fresh database of the PostgreSQL server named by DATABASE_URL, with
 * the market maker off. Before the start it creates traders with sessions and funds them through the
 * ledger. autocannon then POSTs /api/xb/v1/spot/order/place (limit GTC orders on BTCUSDT, a unique
 * clientOrderId each; about one in four crosses the book and trades) for a fixed time. Reported: orders
 * acknowledged per second (2xx only) and the latency percentiles of the acknowledgement (which is sent
 * only after the batch's database commit). Afterwards the server is stopped and the ledger reconciled.
 *
 *   npm run bench:http [-- --duration 15 --connections 32 --traders 16 --port 18116]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:http
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { hashPassword } from '../../apps/server/src/platform/crypto/password.ts';
import { openDatabase, type Database } from '../../apps/server/src/platform/db/database.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { SessionStore } from '../../apps/server/src/platform/session/session-store.ts';
import { users } from '../../apps/server/src/modules/account/user.schema.ts';
import { LedgerService } from '../../apps/server/src/modules/wallet/ledger.service.ts';
import { ledgerCheck } from '../../apps/server/src/modules/wallet/ledger-check.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '32' },
    traders: { type: 'string', default: '16' },
    port: { type: 'string', default: '18116' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const TRADERS = Number(args.traders);
const PORT = Number(args.port);
const MAIN = path.resolve(import.meta.dirname, '../../apps/server/src/main.ts');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-bench-http-'));
let dbUrl: string | null = null;
let dbName: string | null = null;

async function openDb(): Promise<Database> {
  return dbUrl
    ? openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 })
    : openDatabase({ kind: 'pglite', dataDir });
}

async function freshPostgres(serverUrl: string): Promise<void> {
  dbName = `tidemark_bench_${crypto.randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`create database ${dbName}`);
  await c.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
}

async function dropPostgres(serverUrl: string): Promise<void> {
  if (!dbName) return;
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`drop database if exists ${dbName} with (force)`);
  await c.end();
}

/** Traders with a session each, funded from outside_world (1,000,000 USDT and 100 BTC). */
async function prepare(): Promise<string[]> {
  const database = await openDb();
  try {
    await migrate(database);
    const sessions = new SessionStore(database.db, systemClock, 86_400_000);
    const ledger = new LedgerService(database.db, systemClock);
    const passwordHash = await hashPassword(crypto.randomBytes(16).toString('hex'));
    const tokens: string[] = [];
    for (let i = 0; i < TRADERS; i++) {
      const [row] = await database.db
        .insert(users)
        .values({
          email: `bench${i}@bench.local`,
          phoneCountry: null,
          phone: null,
          passwordHash,
          inviteCode: `BENCH${i}`,
        })
        .returning();
      const to = (currency: string) => ({ userId: row!.id, currency, wallet: 'spot' as const });
      await ledger.transaction(async (tx) => {
        await ledger.transfer(
          tx,
          'bench_funding',
          { system: 'outside_world', currency: 'USDT' },
          to('USDT'),
          1_000_000_000_000n,
        );
        await ledger.transfer(
          tx,
          'bench_funding',
          { system: 'outside_world', currency: 'BTC' },
          to('BTC'),
          10_000_000_000n,
        );
      });
      tokens.push((await sessions.create('user', row!.id, {})).token);
    }
    return tokens;
  } finally {
    await database.close();
  }
}

function startServer(): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SPOT_MARKET_MAKER: 'off',
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
    // e.g. SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server
    ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
  };
  const proc = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += String(d)));
  proc.stderr!.on('data', (d: Buffer) => (out += String(d)));
  // ready when it answers (orders sent before the books are rebuilt wait for them in the sequencer)
  return new Promise((resolve, reject) => {
    const started = Date.now();
    proc.once('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
    const poll = () => {
      fetch(`http://127.0.0.1:${PORT}/api/health`)
        .then((res) => (res.ok ? resolve(proc) : retry()))
        .catch(retry);
    };
    const retry = () =>
      Date.now() - started > 60_000 ? reject(new Error(`server did not start:\n${out}`)) : setTimeout(poll, 200);
    poll();
  });
}

function stop(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });
}

/** The n-th order: buys below and sells above 50,000 USDT; every fourth one crosses to the other side. */
function orderBody(n: number): string {
  const buy = n % 2 === 0;
  const crossing = n % 8 === 4 || n % 8 === 5;
  const offset = 1 + (n % 50); // USDT from the 50,000 mid
  const price = buy ? (crossing ? 50_000 + offset : 50_000 - offset) : crossing ? 50_000 - offset : 50_000 + offset;
  return JSON.stringify({
    clientOrderId: `b-${n}`,
    symbol: 'BTCUSDT',
    side: buy ? 'buy' : 'sell',
    type: 'limit',
    price: String(price),
    quantity: '0.001',
  });
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) await freshPostgres(serverUrl);
  const kind = serverUrl ? 'PostgreSQL' : 'PGlite';
  console.log(`bench:http — ${kind}, ${DURATION} s, ${CONNECTIONS} connections, ${TRADERS} traders, port ${PORT}`);
  const tokens = await prepare();
  const server = await startServer();
  let n = 0;
  let result: autocannon.Result;
  try {
    // a short warm-up (JIT, connection pools), not reported
    const run = (duration: number) =>
      autocannon({
        url: `http://127.0.0.1:${PORT}`,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/api/xb/v1/spot/order/place',
            setupRequest: (req) => {
              const i = n++;
              return {
                ...req,
                headers: { 'content-type': 'application/json', authorization: tokens[i % tokens.length]! },
                body: orderBody(i),
              };
            },
          },
        ],
      });
    const warm = await run(3);
    console.log('warm-up:', {
      '2xx': warm['2xx'],
      non2xx: warm.non2xx,
      errors: warm.errors,
      timeouts: warm.timeouts,
      codes: warm.statusCodeStats,
    });
    result = await run(DURATION);
    console.log('run:', {
      '2xx': result['2xx'],
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      codes: result.statusCodeStats,
    });
  } finally {
    await stop(server);
  }

  const database = await openDb();
  let orders = 0;
  let trades = 0;
  let ledgerOk = false;
  try {
    const count = async (table: string) =>
      Number(
        (
          (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
            rows: Array<{ n: number }>;
          }
        ).rows[0]!.n,
      );
    orders = await count('spot_orders');
    trades = await count('spot_trades');
    ledgerOk = (await ledgerCheck(database.db)).ok;
  } finally {
    await database.close();
    if (serverUrl) await dropPostgres(serverUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const ok = result['2xx'];
  console.log(
    JSON.stringify(
      {
        database: kind,
        durationS: DURATION,
        connections: CONNECTIONS,
        acknowledged: ok,
        errors: result.non2xx + result.errors + result.timeouts,
        ordersPerSecond: Math.round(ok / DURATION),
        latencyMs: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
        },
        storedOrdersIncludingWarmUp: orders,
        tradesIncludingWarmUp: trades,
        ledgerCheck: ledgerOk ? 'ok' : 'FAILED',
      },
      null,
      2,
    ),
  );
  if (!ledgerOk || result.non2xx > 0) process.exitCode = 1;
}

await main();
