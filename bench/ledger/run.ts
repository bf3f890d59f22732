/**
 * The spot write path without HTTP (`node bench/ledger/run.ts`): SpotService in this process on an in-memory
 * PGlite (or DATABASE_URL's server, a fresh database), traders funded through the ledger, then waves of
 * concurrent placements on four markets (one in four crossing). Reports placements per second and the mean
 * group size, so the database write path can be told apart from the HTTP path.
 *
 *   npm run bench:ledger [-- --orders 8000 --concurrency 256]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { users } from '../../apps/server/src/modules/account/user.schema.ts';
import { LedgerService } from '../../apps/server/src/modules/wallet/ledger.service.ts';
import { ledgerCheck } from '../../apps/server/src/modules/wallet/ledger-check.ts';
import { FeedHub } from '../../apps/server/src/modules/spot/feed-hub.ts';
import { MarketData } from '../../apps/server/src/modules/spot/market-data.ts';
import { SpotService } from '../../apps/server/src/modules/spot/spot.service.ts';

const { values: args } = parseArgs({
  options: { orders: { type: 'string', default: '8000' }, concurrency: { type: 'string', default: '256' } },
});
const ORDERS = Number(args.orders);
const CONCURRENCY = Number(args.concurrency);
const MARKETS = [
  { symbol: 'BTCUSDT', base: 'BTC', mid: 50_000, step: 1, qty: '0.001' },
  { symbol: 'ETHUSDT', base: 'ETH', mid: 3_000, step: 0.5, qty: '0.01' },
  { symbol: 'SOLUSDT', base: 'SOL', mid: 150, step: 0.05, qty: '0.5' },
  { symbol: 'BNBUSDT', base: 'BNB', mid: 600, step: 0.1, qty: '0.05' },
];

let serverUrl = process.env.DATABASE_URL;
let dbName: string | null = null;
if (serverUrl) {
  dbName = `tidemark_lb_${crypto.randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`create database ${dbName}`);
  await c.end();
}
const url = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString() : null;
const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: null });
await migrate(database);
const db = database.db;
const ledger = new LedgerService(db, systemClock);
const traders: number[] = [];
for (let i = 0; i < 16; i++) {
  const [u] = await db
    .insert(users)
    .values({ email: `lb${i}@bench.local`, passwordHash: 'x', inviteCode: `LB${i}` })
    .returning();
  traders.push(u!.id);
  await ledger.transaction(async (tx) => {
    for (const c of ['USDT', ...MARKETS.map((m) => m.base)]) {
      await ledger.transfer(
        tx,
        'bench_funding',
        { system: 'outside_world', currency: c },
        { userId: u!.id, currency: c, wallet: 'spot' },
        10n ** 14n,
      );
    }
  });
}
const spot = new SpotService({
  db,
  ledger,
  clock: systemClock,
  hub: new FeedHub(),
  data: new MarketData(db, systemClock, 100),
});
await spot.start();

let groups = 0;
const counted = db.transaction.bind(db);
(db as unknown as { transaction: typeof db.transaction }).transaction = ((fn: never) => {
  groups++;
  return counted(fn);
}) as typeof db.transaction;

const place = (n: number) => {
  const m = MARKETS[n % MARKETS.length]!;
  const k = Math.floor(n / MARKETS.length);
  const buy = k % 2 === 0;
  const crossing = k % 8 === 4 || k % 8 === 5;
  const offset = m.step * (1 + (k % 50));
  const price = buy ? (crossing ? m.mid + offset : m.mid - offset) : crossing ? m.mid - offset : m.mid + offset;
  return spot.place(traders[n % traders.length]!, {
    clientOrderId: `lb-${n}`,
    symbol: m.symbol,
    side: buy ? 'buy' : 'sell',
    type: 'limit',
    price: price.toFixed(2),
    quantity: m.qty,
  });
};
/** CPU ms of this process's threads named "WorkerThread" (the embedded database's thread), from /proc (Linux). */
function databaseThreadCpuMs(): number {
  let ms = 0;
  try {
    for (const tid of fs.readdirSync('/proc/self/task')) {
      if (fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() !== 'WorkerThread') continue;
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms += (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
    }
  } catch {
    // not Linux
  }
  return ms;
}

let next = 0;
const main0 = process.threadCpuUsage();
const database0 = databaseThreadCpuMs();
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < ORDERS) await place(next++);
  }),
);
const seconds = (performance.now() - started) / 1000;
const mainUs = process.threadCpuUsage(main0);
const databaseUs = (databaseThreadCpuMs() - database0) * 1000;
const check = await ledgerCheck(db);
console.log(
  JSON.stringify({
    database: database.kind,
    orders: ORDERS,
    concurrency: CONCURRENCY,
    ordersPerSecond: Math.round(ORDERS / seconds),
    meanGroupSize: Math.round((ORDERS / groups) * 10) / 10,
    // CPU per placement: this thread (matching, the ledger batch, SQL building) and the embedded database's
    // thread (PGlite only); they compare on a shared machine where the wall-clock rate does not
    mainThreadCpuUsPerOrder: Math.round((mainUs.user + mainUs.system) / ORDERS),
    databaseThreadCpuUsPerOrder: database.kind === 'pglite' ? Math.round(databaseUs / ORDERS) : null,
    ledgerCheck: check.ok ? 'ok' : check.problems,
  }),
);
await database.close();
if (dbName) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`drop database if exists ${dbName} with (force)`);
  await c.end();
}
serverUrl = undefined;
