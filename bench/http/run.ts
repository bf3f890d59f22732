/**
 * Order placement through the real HTTP API (`npm run bench:http`).
 *
 * Starts the server itself as a child process (node apps/server/src/main.ts) on its own port and a fresh
 * data directory (PGlite), or on a fresh database of the PostgreSQL server named by DATABASE_URL, with
 * the market maker off. Before the start it creates traders with sessions and funds them through the
 * ledger. It measures a single order on the idle server (sequential, p50), then for each connection count
 * a lean keep-alive client (http-load.ts) POSTs to /api/xb/v1/spot/order/place on four markets (limit GTC orders, a unique clientOrderId
 * each; about one in four crosses the book and trades) mixed with cancels of orders it saw acknowledged
 * (about one request in eight). Reported: commands acknowledged per second (2xx only) and the latency
 * percentiles of the acknowledgement (sent only after the group's database commit). With PostgreSQL and
 * `pgbench` installed, the same run measures pgbench (one UPDATE + one INSERT per transaction, 32 clients)
 * on the same server and prints `pgbenchTps` and `ratio` = ordersPerSecond / pgbenchTps. The HTTP floor
 * (http-floor.ts) is measured in the same run too, after the exchange has stopped: the same client and connections
 * against a server of the same framework that only parses and answers — `httpFloor` and `httpFloorRatio` =
 * ordersPerSecond / its requests per second. Afterwards the ledger is reconciled.
 *
 *   npm run bench:http [-- --duration 15 --connections 64,256 --traders 16 --port 18116 --http-floor-seconds 10]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:http
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
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
import { httpFloor, type HttpFloor } from './http-floor.ts';
import { cpuMs, machineTicks, runQueueWaitMs, statCpuMs } from './proc-cpu.ts';
import { runLoad } from './http-load.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '64,256' },
    'pgbench-seconds': { type: 'string', default: '10' },
    'http-floor-seconds': { type: 'string', default: '10' },
    traders: { type: 'string', default: '16' },
    port: { type: 'string', default: '18210' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = args.connections.split(',').map(Number);
const PGBENCH_SECONDS = Number(args['pgbench-seconds']);
const HTTP_FLOOR_SECONDS = Number(args['http-floor-seconds']);
/** Four markets around round mid prices (USDT); price offsets stay whole ticks on each. */
const MARKETS = [
  { symbol: 'BTCUSDT', base: 'BTC', mid: 50_000, step: 1, qty: '0.001' },
  { symbol: 'ETHUSDT', base: 'ETH', mid: 3_000, step: 0.5, qty: '0.01' },
  { symbol: 'SOLUSDT', base: 'SOL', mid: 150, step: 0.05, qty: '0.5' },
  { symbol: 'BNBUSDT', base: 'BNB', mid: 600, step: 0.1, qty: '0.05' },
];
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
  // BENCH_PG_SETTINGS="enable_seqscan=off,…": settings of the benchmark's database, to try a planner setting
  for (const kv of (process.env.BENCH_PG_SETTINGS ?? '').split(',').filter(Boolean)) {
    const [k, v] = kv.split('=');
    await c.query(`alter database ${dbName} set ${k} = '${v}'`);
  }
  await c.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
}

async function dropPostgres(serverUrl: string): Promise<void> {
  if (!dbName) return;
  if (process.env.BENCH_KEEP_DB) {
    console.error(`bench: database ${dbName} kept (BENCH_KEEP_DB)`);
    return;
  }
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`drop database if exists ${dbName} with (force)`);
  await c.end();
}

/** Traders with a session each, funded from outside_world (1,000,000 USDT and plenty of each base coin). */
async function prepare(): Promise<string[]> {
  const database = await openDb();
  try {
    await migrate(database);
    // BENCH_AFTER_MIGRATE_SQL="drop index …": a change of the schema to try before it becomes a migration
    if (process.env.BENCH_AFTER_MIGRATE_SQL) await database.exec(process.env.BENCH_AFTER_MIGRATE_SQL);
    if (dbUrl) await preparePgbench(database);
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
        for (const m of MARKETS) {
          await ledger.transfer(
            tx,
            'bench_funding',
            { system: 'outside_world', currency: m.base },
            to(m.base),
            10n ** 14n,
          );
        }
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
    // the futures maker's re-quotes are background load that does not scale with orders: off, like the spot
    // maker, unless BENCH_FUTURES_MAKER=on asks to measure the order path beside it
    FUTURES_MARKET_MAKER: process.env.BENCH_FUTURES_MAKER === 'on' ? 'on' : 'off',
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
    // e.g. SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server
    ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
    // e.g. DB_TRACE=/tmp/statements.txt: the embedded database's time by statement (platform/db/statement-trace.ts)
    ...(process.env.DB_TRACE ? { DB_TRACE: process.env.DB_TRACE } : {}),
  };
  // SERVER_NODE_ARGS="--max-semi-space-size=32": Node options for the server, those NODE_OPTIONS refuses included
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const proc = spawn(process.execPath, [...nodeArgs, MAIN], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += String(d)));
  proc.stderr!.on('data', (d: Buffer) => {
    out += String(d);
    // BENCH_ECHO=1: the server's own error output as it comes (a diagnostic printed while under load)
    if (process.env.BENCH_ECHO) process.stderr.write(d);
  });
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
      Date.now() - started > 180_000
        ? (proc.kill('SIGKILL'), reject(new Error(`server did not start:\n${out}`)))
        : setTimeout(poll, 200);
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

/**
 * CPU time (ms) of the server's threads by role: its main thread (HTTP, matching, the application) and its
 * worker threads (Node names them "WorkerThread"; the server's only one is the embedded database's thread).
 */
function threadCpuMs(pid: number): { main: number; worker: number } {
  const out = { main: 0, worker: 0 };
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return out; // not Linux
  }
  for (const tid of tasks) {
    let name = '';
    try {
      name = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (tid === String(pid)) out.main += statCpuMs(`/proc/${pid}/task/${tid}/stat`);
    else if (name === 'WorkerThread') out.worker += statCpuMs(`/proc/${pid}/task/${tid}/stat`);
  }
  return out;
}

/** The rows of one query on the benchmark's database, on a connection of its own (not one of the server's). */
async function readBenchDb<T extends object>(text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: dbUrl ?? undefined });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

/** The PostgreSQL backends serving the benchmark's database (the server's pools), by pid. */
async function databaseBackends(): Promise<number[]> {
  if (!dbUrl) return [];
  const rows = await readBenchDb<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.map((x) => x.pid);
}

/** Transactions committed and rolled back in the benchmark's database so far (PostgreSQL only). */
async function databaseTransactions(): Promise<{ commits: number; rollbacks: number } | null> {
  if (!dbUrl) return null;
  const [row] = await readBenchDb<{ commits: string; rollbacks: string }>(
    'select xact_commit::text as commits, xact_rollback::text as rollbacks from pg_stat_database where datname = current_database()',
  );
  return { commits: Number(row!.commits), rollbacks: Number(row!.rollbacks) };
}

/** The n-th order: buys below and sells above the market's mid; one in four crosses to the other side. */
function orderBody(n: number): string {
  const m = MARKETS[n % MARKETS.length]!;
  const k = Math.floor(n / MARKETS.length);
  const buy = k % 2 === 0;
  const crossing = k % 8 === 4 || k % 8 === 5;
  const offset = m.step * (1 + (k % 50));
  const price = buy ? (crossing ? m.mid + offset : m.mid - offset) : crossing ? m.mid - offset : m.mid + offset;
  return JSON.stringify({
    clientOrderId: `b-${process.pid}-${n}`,
    symbol: m.symbol,
    side: buy ? 'buy' : 'sell',
    type: 'limit',
    price: price.toFixed(2),
    quantity: m.qty,
  });
}

/** pgbench's small transaction on the same server: one UPDATE and one INSERT, 32 clients. */
function pgbench(url: string): number | null {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const script = path.join(dataDir, 'pgbench.sql');
  fs.writeFileSync(
    script,
    [
      '\\set aid random(1, 10000)',
      'BEGIN;',
      'UPDATE pgb_accounts SET balance = balance + 1 WHERE id = :aid;',
      'INSERT INTO pgb_history (account_id, delta) VALUES (:aid, 1);',
      'END;',
      '',
    ].join('\n'),
  );
  const out = execFileSync('pgbench', ['-n', '-c', '32', '-j', '2', '-T', String(PGBENCH_SECONDS), '-f', script, url], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tps = /tps = ([\d.]+)/.exec(out);
  return tps ? Math.round(Number(tps[1])) : null;
}

async function preparePgbench(database: Database): Promise<void> {
  await database.exec(`create table pgb_accounts (id int primary key, balance bigint not null);
    insert into pgb_accounts select g, 0 from generate_series(1, 10000) g;
    create table pgb_history (id bigint generated always as identity primary key, account_id int, delta int);`);
}

/** One order at a time on the idle server: the latency a lone user sees. */
async function idleLatency(token: string): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${PORT}/api/xb/v1/spot/order/place`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({
        clientOrderId: `idle-${process.pid}-${i}`,
        symbol: 'ETHUSDT',
        side: 'buy',
        type: 'limit',
        price: '1000',
        quantity: '0.01',
      }),
    });
    await res.arrayBuffer();
    if (i >= 20) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))]! * 100) / 100;
  return { p50: at(0.5), p99: at(0.99) };
}

interface RunSummary {
  connections: number;
  acknowledged: number;
  ordersPerSecond: number;
  /**
   * CPU per acknowledged command: the server process (all its threads), its main thread alone, and the database:
   * the PostgreSQL backends of its pools, or on PGlite the server's database thread (null when it has none).
   */
  serverCpuUsPerOrder: number;
  mainThreadCpuUsPerOrder: number;
  databaseCpuUsPerOrder: number | null;
  /** This process: the load generator sending the orders and reading the answers (it shares the machine's cores). */
  loadGeneratorCpuUsPerOrder: number;
  /**
   * PostgreSQL: acknowledged commands per committed transaction of the benchmark's database during the run (all
   * of the server's transactions, so a bound from below on the spot groups' size), and the rolled-back ones.
   */
  commandsPerCommit: number | null;
  rollbacks: number | null;
  refused4xx: number;
  errors: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /**
   * The machine's two cores during the run: the share of their time that was busy (anything running, ours or not),
   * and per second of the run the milliseconds each party's threads were runnable but waiting for a core (the
   * server's main thread also alone; the database: PostgreSQL's backends of the benchmark's database; null on
   * PGlite, whose thread is the server's).
   */
  cores: {
    busyShare: number;
    runQueueWaitMsPerSecond: {
      server: number;
      serverMainThread: number;
      database: number | null;
      loadGenerator: number;
    };
  };
}

/** What the load generator keeps per connection between a request and its response. */
type Ctx = { cancel: boolean; token: string };

/**
 * The orders sent so far, over all runs of the benchmark: each run (warm-ups included) goes on from where the last
 * one stopped, so every clientOrderId is new. (Until 2026-11-28 each run counted from zero: a measured run's first
 * orders repeated its warm-up's client ids and were answered as retries of stored orders.)
 */
let n = 0;

/** One load run: placements on the four markets, and cancels of orders seen resting. */
async function load(tokens: string[], connections: number, duration: number, serverPid: number): Promise<RunSummary> {
  const resting: Array<{ id: number; token: string }> = [];
  const serverCpu0 = cpuMs([serverPid]);
  const threadCpu0 = threadCpuMs(serverPid);
  const backends0 = await databaseBackends();
  const databaseCpu0 = new Map(backends0.map((pid) => [pid, cpuMs([pid])]));
  const transactions0 = await databaseTransactions();
  // the backends of the start (the pools keep theirs): one opened during the run would count its whole life
  const waitsNow = () => ({
    server: runQueueWaitMs([serverPid]),
    serverMainThread: runQueueWaitMs([serverPid], true),
    database: runQueueWaitMs(backends0),
    loadGenerator: runQueueWaitMs([process.pid]),
  });
  const waits0 = waitsNow();
  const ticks0 = machineTicks();
  const loadCpu0 = process.cpuUsage();
  const result = await runLoad<Ctx>({
    host: '127.0.0.1',
    port: PORT,
    connections,
    durationS: duration,
    timeoutS: 20,
    context: () => ({ cancel: false, token: '' }),
    next: (ctx) => {
      const i = n++;
      if (i % 8 === 7 && resting.length) {
        const pick = resting.splice(Math.floor(Math.random() * resting.length), 1)[0]!;
        ctx.cancel = true;
        return { path: '/api/xb/v1/spot/order/cancel', authorization: pick.token, body: `{"orderId":${pick.id}}` };
      }
      const token = tokens[i % tokens.length]!;
      ctx.cancel = false;
      ctx.token = token;
      return { path: '/api/xb/v1/spot/order/place', authorization: token, body: orderBody(i) };
    },
    onResponse: (status, body, ctx) => {
      if (status !== 200 || ctx.cancel || resting.length > 20_000) return;
      const data = (JSON.parse(body) as { data?: { id: number; status: string } }).data;
      if (data?.status === 'new') resting.push({ id: data.id, token: ctx.token });
    },
  });
  const loadCpu = process.cpuUsage(loadCpu0);
  const ticks = machineTicks();
  const waits = waitsNow();
  const waitPerSecond = (k: keyof typeof waits) => Math.round((waits[k] - waits0[k]) / duration);
  const serverCpu = cpuMs([serverPid]) - serverCpu0;
  const threadCpu = threadCpuMs(serverPid);
  // a backend opened during the run counts from zero; one closed during it is missed (the pools keep theirs)
  const databaseCpu = (await databaseBackends()).reduce(
    (sum, pid) => sum + cpuMs([pid]) - (databaseCpu0.get(pid) ?? 0),
    0,
  );
  const transactions1 = await databaseTransactions();
  const count = (from: number, to: number) =>
    [...result.statuses].filter(([code]) => code >= from && code < to).reduce((sum, [, k]) => sum + k, 0);
  const acknowledged = count(200, 300);
  const refused = count(400, 500);
  const perOrder = (ms: number) => Math.round((ms * 1000) / Math.max(1, acknowledged));
  return {
    connections,
    acknowledged,
    ordersPerSecond: Math.round(acknowledged / duration),
    serverCpuUsPerOrder: perOrder(serverCpu),
    mainThreadCpuUsPerOrder: perOrder(threadCpu.main - threadCpu0.main),
    loadGeneratorCpuUsPerOrder: perOrder((loadCpu.user + loadCpu.system) / 1000),
    databaseCpuUsPerOrder: dbUrl
      ? perOrder(databaseCpu)
      : threadCpu.worker > 0
        ? perOrder(threadCpu.worker - threadCpu0.worker)
        : null,
    commandsPerCommit:
      transactions0 && transactions1
        ? Math.round((acknowledged / Math.max(1, transactions1.commits - transactions0.commits)) * 10) / 10
        : null,
    rollbacks: transactions0 && transactions1 ? transactions1.rollbacks - transactions0.rollbacks : null,
    refused4xx: refused,
    errors: count(0, 200) + count(300, 400) + count(500, 1000) + result.errors + result.timeouts,
    latencyMs: result.latencyMs,
    cores: {
      busyShare:
        ticks.total > ticks0.total
          ? Math.round(((ticks.busy - ticks0.busy) / (ticks.total - ticks0.total)) * 100) / 100
          : 0,
      runQueueWaitMsPerSecond: {
        server: waitPerSecond('server'),
        serverMainThread: waitPerSecond('serverMainThread'),
        database: dbUrl ? waitPerSecond('database') : null,
        loadGenerator: waitPerSecond('loadGenerator'),
      },
    },
  };
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) await freshPostgres(serverUrl);
  // BENCH_AUTO_EXPLAIN=1: the server's statements over 20 ms are logged with their plans, trigger times, buffers
  // and WAL (auto_explain, in PostgreSQL's own log) — wall times there include waiting for a busy CPU
  if (serverUrl && process.env.BENCH_AUTO_EXPLAIN) {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    for (const q of [
      `alter database ${dbName} set session_preload_libraries = 'auto_explain'`,
      `alter database ${dbName} set auto_explain.log_min_duration = ${Number(process.env.BENCH_AUTO_EXPLAIN_MS ?? 20)}`,
      `alter database ${dbName} set auto_explain.log_analyze = on`,
      `alter database ${dbName} set auto_explain.log_triggers = on`,
      `alter database ${dbName} set auto_explain.log_wal = on`,
      `alter database ${dbName} set auto_explain.log_buffers = on`,
      `alter database ${dbName} set auto_explain.log_nested_statements = on`,
    ])
      await c.query(q);
    await c.end();
  }
  const kind = serverUrl ? 'PostgreSQL' : 'PGlite';
  console.log(
    `bench:http — ${kind}, ${DURATION} s per run, ${CONNECTIONS.join(' and ')} connections, ${TRADERS} traders, ` +
      `${MARKETS.length} markets, port ${PORT}, load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
  );
  const tokens = await prepare();
  const server = await startServer();
  const runs: RunSummary[] = [];
  let idle: { p50: number; p99: number };
  let pgbenchTps: number | null = null;
  try {
    idle = await idleLatency(tokens[0]!);
    console.log('idle single order:', idle);
    for (const connections of CONNECTIONS) {
      // a short warm-up (JIT, connection pools), not reported
      await load(tokens, connections, 3, server.pid!);
      const r = await load(tokens, connections, DURATION, server.pid!);
      console.log('run:', r);
      runs.push(r);
    }
    // the same PostgreSQL in the same run, while the exchange is idle
    if (dbUrl && PGBENCH_SECONDS > 0) pgbenchTps = pgbench(dbUrl);
  } finally {
    await stop(server);
  }
  // with the exchange stopped: the floor has the machine as the orders had it
  let floor: HttpFloor | null = null;
  if (HTTP_FLOOR_SECONDS > 0) {
    floor = await httpFloor({
      port: PORT + 1,
      connections: Math.max(...CONNECTIONS),
      durationS: HTTP_FLOOR_SECONDS,
      body: orderBody,
    });
    console.log('HTTP floor:', floor);
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

  const best = runs.reduce((a, b) => (b.ordersPerSecond > a.ordersPerSecond ? b : a));
  console.log(
    JSON.stringify(
      {
        database: kind,
        durationS: DURATION,
        markets: MARKETS.length,
        loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
        idleSingleOrderMs: idle,
        runs,
        ordersPerSecond: best.ordersPerSecond,
        p99Ms: best.latencyMs.p99,
        serverCpuUsPerOrder: best.serverCpuUsPerOrder,
        mainThreadCpuUsPerOrder: best.mainThreadCpuUsPerOrder,
        databaseCpuUsPerOrder: best.databaseCpuUsPerOrder,
        loadGeneratorCpuUsPerOrder: best.loadGeneratorCpuUsPerOrder,
        cores: best.cores,
        atConnections: best.connections,
        pgbenchTps,
        ratio: pgbenchTps ? Math.round((best.ordersPerSecond / pgbenchTps) * 100) / 100 : null,
        httpFloor: floor,
        httpFloorRatio: floor ? Math.round((best.ordersPerSecond / floor.requestsPerSecond) * 100) / 100 : null,
        storedOrdersIncludingWarmUp: orders,
        tradesIncludingWarmUp: trades,
        ledgerCheck: ledgerOk ? 'ok' : 'FAILED',
      },
      null,
      2,
    ),
  );
  if (!ledgerOk || runs.some((r) => r.errors > 0)) process.exitCode = 1;
}

await main();
