import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { freePort } from '../testing/free-port.ts';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../platform/clock.ts';
import { openDatabase, type Database } from '../platform/db/database.ts';
import { migrate } from '../platform/db/migrate.ts';
import { ledgerCheck } from '../modules/wallet/ledger-check.ts';
import { LedgerService } from '../modules/wallet/ledger.service.ts';
import { createFundedTraders, type FundedTrader } from './funded-traders.ts';
import { callApi, startServer, stopServer, type RunningServer } from './server-process.ts';

/**
 * Backup and restore as an operator runs them: balances and resting orders made through the real
 * server, `npm run backup` while that server keeps running (over its control socket on the embedded
 * database, pg_dump on PostgreSQL), `npm run restore` into a fresh directory (or
 * an empty PostgreSQL database when DATABASE_URL is set), the server started on the copy: the same
 * balances, the same open orders in the book, and a ledger that reconciles.
 */
const exec = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../cli');
const adminUrl = process.env.DATABASE_URL ?? null;
const cleanups: Array<() => Promise<void> | void> = [];
let server: RunningServer | null = null;

afterAll(async () => {
  if (server) await stopServer(server.proc, 'SIGKILL');
  for (const c of cleanups.reverse()) await c();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-backup-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A new, empty PostgreSQL database (dropped after the file). */
async function emptyPostgres(): Promise<string> {
  const name = `tidemark_bk_${crypto.randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: adminUrl! });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  cleanups.push(async () => {
    const d = new pg.Client({ connectionString: adminUrl! });
    await d.connect();
    await d.query(`drop database if exists ${name} with (force)`);
    await d.end();
  });
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Place {
  dataDir: string;
  databaseUrl: string | null;
}

async function open(place: Place): Promise<Database> {
  return place.databaseUrl
    ? openDatabase({ kind: 'postgres', url: place.databaseUrl, poolSize: 2 })
    : openDatabase({ kind: 'pglite', dataDir: place.dataDir });
}

/** Runs a command-line tool the way `npm run <tool>` does, with only the given environment. */
async function cli(tool: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [path.join(CLI, `${tool}.ts`), ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Journal transactions in a PostgreSQL database, read beside the server that writes it. */
async function journalCount(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query('select count(*)::int as n from ledger_transactions');
    return rows[0].n as number;
  } finally {
    await c.end();
  }
}

async function balancesOf(place: Place, traders: FundedTrader[]) {
  const database = await open(place);
  try {
    const ledger = new LedgerService(database.db, systemClock);
    const out: Record<string, string> = {};
    for (const t of traders) {
      for (const b of await ledger.balancesOf(t.id))
        out[`${t.email} ${b.currency} ${b.wallet}`] = `${b.available}/${b.frozen}`;
    }
    const check = await ledgerCheck(database.db);
    return { balances: out, check };
  } finally {
    await database.close();
  }
}

async function openOrders(port: number, traders: FundedTrader[]) {
  const lists = await Promise.all(
    traders.map((t) => callApi(port, '/xb/v1/spot/orders/open', { symbol: 'BTCUSDT' }, t.token)),
  );
  return lists
    .flatMap((r) => r.body.data as Array<{ id: number; side: string; price: string; unfilledQuantity: string }>)
    .map((o) => ({ id: o.id, side: o.side, price: o.price, unfilled: o.unfilledQuantity }))
    .sort((a, b) => a.id - b.id);
}

describe('backup and restore', () => {
  it('refuses a directory that holds no database, and creates nothing there', async () => {
    const empty = tempDir();
    const out = path.join(tempDir(), 'never.tar.gz');
    const res = await cli('backup', ['--out', out], { DATA_DIR: empty });
    expect(res.code).toBe(2);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/No Tidemark database in/);
    expect(fs.readdirSync(empty)).toEqual([]);
    expect(fs.existsSync(out)).toBe(false);
  }, 120_000);

  it('brings balances, open orders and a reconciled ledger back on a fresh server', async () => {
    const source: Place = { dataDir: tempDir(), databaseUrl: adminUrl ? await emptyPostgres() : null };
    const database = await open(source);
    let traders: FundedTrader[];
    try {
      await migrate(database);
      traders = await createFundedTraders(database.db, 2, 'backup');
    } finally {
      await database.close();
    }
    const [a, b] = traders as [FundedTrader, FundedTrader];

    const port = await freePort();
    server = await startServer({ port, dataDir: source.dataDir, databaseUrl: source.databaseUrl });
    const place = async (t: FundedTrader, side: string, price: string, quantity: string) => {
      const res = await callApi(
        port,
        '/xb/v1/spot/order/place',
        { clientOrderId: crypto.randomUUID(), symbol: 'BTCUSDT', side, type: 'limit', price, quantity },
        t.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await place(a, 'buy', '40000', '0.01'); // rests
    await place(a, 'sell', '60000', '0.02'); // rests
    await place(b, 'sell', '50000', '0.03'); // rests, then partly taken below
    await place(a, 'buy', '50000', '0.01'); // trades with b
    const moved = await callApi(
      port,
      '/xb/v1/wallet/transfer',
      { requestId: crypto.randomUUID(), currency: 'USDT', from: 'spot', to: 'futures', amount: '123.45' },
      b.token,
    );
    expect(moved.status).toBe(200);
    const ordersBefore = await openOrders(port, traders);
    expect(ordersBefore).toHaveLength(3);

    // online: the server keeps running and answering while the copy is taken
    const file = path.join(tempDir(), 'tidemark.backup');
    const sourceEnv: Record<string, string> = source.databaseUrl
      ? { DATABASE_URL: source.databaseUrl }
      : { DATA_DIR: source.dataDir };
    // what the copy must hold at least: the journal as it stood when the backup began (the running
    // server keeps journaling in the background, so the source's later count may be higher)
    const journaledBefore = source.databaseUrl ? await journalCount(source.databaseUrl) : null;
    const [backedUp, meanwhile] = await Promise.all([
      cli('backup', ['--out', file], sourceEnv),
      callApi(port, '/xb/v1/spot/depth', { symbol: 'BTCUSDT', limit: 20 }),
    ]);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(meanwhile.status).toBe(200);
    const report = JSON.parse(backedUp.stdout);
    expect(report).toMatchObject({ bytes: fs.statSync(file).size });
    if (!source.databaseUrl) expect(report.ledgerOfCopy).toMatchObject({ ok: true, problems: [] });
    const inCopy = journaledBefore ?? (report.ledgerOfCopy.transactions as number);
    await stopServer(server.proc, 'SIGTERM');
    server = null;
    const before = await balancesOf(source, traders);
    expect(before.check.ok).toBe(true);

    const target: Place = {
      dataDir: path.join(tempDir(), 'restored'),
      databaseUrl: adminUrl ? await emptyPostgres() : null,
    };
    const restored = await cli(
      'restore',
      target.databaseUrl
        ? ['--from', file, '--database-url', target.databaseUrl]
        : ['--from', file, '--data-dir', target.dataDir],
      {},
    );
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout).ledger).toMatchObject({ ok: true, problems: [] });
    // restoring over existing data is refused
    if (!target.databaseUrl) {
      const again = await cli('restore', ['--from', file, '--data-dir', target.dataDir], {});
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/not empty/);
    }

    server = await startServer({ port, dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    expect(await openOrders(port, traders)).toEqual(ordersBefore);
    const depth = (await callApi(port, '/xb/v1/spot/depth', { symbol: 'BTCUSDT', limit: 20 })).body.data;
    expect(depth.bids.map((l: string[]) => Number(l[0]))).toEqual([40000]);
    expect(depth.asks.map((l: string[]) => Number(l[0]))).toEqual([50000, 60000]);
    await stopServer(server.proc, 'SIGTERM');
    server = null;

    const after = await balancesOf(target, traders);
    expect(after.balances).toEqual(before.balances);
    expect(after.check).toMatchObject({ ok: true, problems: [] });
    // the restored server may have journaled since (background jobs); it lost nothing the copy held
    expect(after.check.transactions).toBeGreaterThanOrEqual(inCopy);
  }, 600_000);
});
