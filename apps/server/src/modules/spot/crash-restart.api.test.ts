import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../../testing/free-port.ts';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, or } from 'drizzle-orm';
import { systemClock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/crypto/password.ts';
import { openDatabase, type Database } from '../../platform/db/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { SessionStore } from '../../platform/session/session-store.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { users } from '../account/user.schema.ts';
import { LedgerService } from '../wallet/ledger.service.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';
import { marketOf } from './markets.ts';
import { spotOrders, spotTrades } from './spot.schema.ts';

/**
 * The real server as a child process (node apps/server/src/main.ts, own port, own data directory or a
 * fresh PostgreSQL database), SIGKILLed while orders stream in on several markets at once (so groups commit
 * orders of several markets together), then restarted on the same data:
 * every acknowledged order is there in a consistent state, the rebuilt book equals the open orders,
 * every reservation matches the ledger and the ledger reconciles.
 */

const MAIN = path.resolve(import.meta.dirname, '../../main.ts');
const WORKERS = 8;
const KILL_AFTER_ACKS = 150;
/** Markets under load, with a mid price and an order size (whole ticks and lots on each). */
const LOADED = [
  { symbol: 'BTCUSDT', base: 'BTC', mid: 50_000, tick: 1, qty: '0.01' },
  { symbol: 'ETHUSDT', base: 'ETH', mid: 3_000, tick: 0.1, qty: '0.1' },
  { symbol: 'SOLUSDT', base: 'SOL', mid: 150, tick: 0.01, qty: '1' },
];

let dataDir: string;
let dbUrl: string | null = null;
let disposeDb: (() => Promise<void>) | null = null;
let child: ChildProcess | null = null;
let port = 0;

async function openDb(): Promise<Database> {
  return dbUrl
    ? openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 })
    : openDatabase({ kind: 'pglite', dataDir });
}

/** Starts main.ts and resolves once it logs that it runs (after the books are rebuilt). */
function startServer(): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SPOT_MARKET_MAKER: 'off',
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  };
  const proc = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    // generous: on a shared, overloaded machine a cold start of the whole server takes a while
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, 150_000);
    const onData = (d: Buffer) => {
      out += String(d);
      if (out.includes('Tidemark is listening')) {
        clearTimeout(timer);
        resolve(proc);
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${out}`));
    });
  });
}

function stopServer(proc: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
}

async function api(p: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`http://127.0.0.1:${port}/api${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

interface Trader {
  id: number;
  token: string;
}

/** Users, sessions and funds written before the server starts (the embedded database has one owner at a time). */
async function prepare(): Promise<Trader[]> {
  const database = await openDb();
  try {
    await migrate(database);
    const sessions = new SessionStore(database.db, systemClock, 86_400_000);
    const ledger = new LedgerService(database.db, systemClock);
    const traders: Trader[] = [];
    for (const name of ['crash-a', 'crash-b']) {
      const [row] = await database.db
        .insert(users)
        .values({
          email: `${name}@example.com`,
          phoneCountry: null,
          phone: null,
          passwordHash: await hashPassword('abc12345'),
          inviteCode: name.toUpperCase(),
        })
        .returning();
      const { token } = await sessions.create('user', row!.id, {});
      await ledger.transaction(async (tx) => {
        const to = (currency: string) => ({ userId: row!.id, currency, wallet: 'spot' as const });
        await ledger.transfer(
          tx,
          'test_funding',
          { system: 'outside_world', currency: 'USDT' },
          to('USDT'),
          1_000_000_000_000n,
        ); // 1,000,000 USDT
        for (const m of LOADED) {
          await ledger.transfer(
            tx,
            'test_funding',
            { system: 'outside_world', currency: m.base },
            to(m.base),
            10n ** 13n,
          );
        }
      });
      traders.push({ id: row!.id, token });
    }
    return traders;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-crash-'));
  port = await freePort();
  if (process.env.DATABASE_URL) {
    const fresh = await createTestDatabase(); // a new database on that server, migrated
    dbUrl = fresh.url;
    await fresh.database.close();
    disposeDb = async () => {
      const pg = (await import('pg')).default;
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${new URL(dbUrl!).pathname.slice(1)} with (force)`);
      await c.end();
    };
  }
});

afterAll(async () => {
  if (child) await stopServer(child, 'SIGKILL');
  await disposeDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Sent {
  kind: 'place' | 'cancel';
  trader: Trader;
  clientOrderId?: string;
  symbol?: string;
  orderId?: number;
  /** 'ack' = answered 200; 'refused' = answered with an error; 'lost' = no answer (the process died). */
  outcome: 'pending' | 'ack' | 'refused' | 'lost';
  answer?: any;
}

describe('crash and restart', () => {
  it('keeps every acknowledged order and a consistent book and ledger after SIGKILL', async () => {
    const traders = await prepare();
    child = await startServer();

    const sent: Sent[] = [];
    let acks = 0;
    let killed = false;
    let seq = 0;
    const resting: Array<{ trader: Trader; id: number }> = [];
    const running = child;
    const exited = new Promise<void>((r) => running.once('exit', () => r()));
    let killNow!: () => void;
    const killSignal = new Promise<void>((r) => (killNow = r));
    void killSignal.then(() => {
      killed = true;
      running.kill('SIGKILL');
    });

    // each worker sends one request at a time; prices straddle 50,000 so about half the orders trade
    const worker = async (w: number) => {
      while (!killed) {
        const trader = traders[(w + seq) % 2]!;
        const i = ++seq;
        let s: Sent;
        let call: Promise<{ status: number; body: any }>;
        if (i % 5 === 0 && resting.length) {
          const pick = resting.splice(Math.floor(resting.length / 2), 1)[0]!;
          s = { kind: 'cancel', trader: pick.trader, orderId: pick.id, outcome: 'pending' };
          call = api('/xb/v1/spot/order/cancel', { orderId: pick.id }, pick.trader.token);
        } else {
          const m = LOADED[i % LOADED.length]!;
          const side = Math.floor(i / LOADED.length) % 2 === 0 ? 'buy' : 'sell';
          // overlapping bands around the mid (by up to 50 ticks), so about half the orders trade
          const ticks = (side === 'buy' ? -50 : 50) + ((i * 37) % 200) - 100;
          const price = (m.mid + ticks * m.tick).toFixed(2);
          const clientOrderId = `crash-${i}`;
          s = { kind: 'place', trader, clientOrderId, symbol: m.symbol, outcome: 'pending' };
          call = api(
            '/xb/v1/spot/order/place',
            { clientOrderId, symbol: m.symbol, side, type: 'limit', price, quantity: m.qty },
            trader.token,
          );
        }
        sent.push(s);
        try {
          const res = await call;
          s.answer = res.body;
          s.outcome = res.status === 200 ? 'ack' : 'refused';
          if (res.status === 200) {
            acks += 1;
            if (s.kind === 'place' && (res.body.data.status === 'new' || res.body.data.status === 'partially_filled')) {
              resting.push({ trader, id: res.body.data.id });
            }
            if (acks >= KILL_AFTER_ACKS) killNow();
          }
        } catch {
          s.outcome = 'lost';
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    await exited;
    expect(acks).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(sent.some((s) => s.outcome === 'lost')).toBe(true); // killed with requests in flight
    // the only acceptable refusal: cancelling an order another worker's order filled meanwhile
    const refused = sent.filter(
      (s) => s.outcome === 'refused' && !(s.kind === 'cancel' && s.answer?.error === 'ORDER_NOT_OPEN'),
    );
    expect(refused.map((s) => s.answer)).toEqual([]);

    // restart on the same data
    child = await startServer();
    const placed = sent.filter((s) => s.kind === 'place' && s.outcome === 'ack');
    const cancelled = sent.filter((s) => s.kind === 'cancel' && s.outcome === 'ack');
    for (const s of placed) {
      const res = await api('/xb/v1/spot/order/detail', { id: s.answer.data.id }, s.trader.token);
      expect(res.status).toBe(200);
      const now = res.body.data;
      expect(now.clientOrderId).toBe(s.clientOrderId);
      // never less filled than what was acknowledged
      expect(Number(now.filledQuantity)).toBeGreaterThanOrEqual(Number(s.answer.data.filledQuantity));
    }
    for (const s of cancelled) {
      const res = await api('/xb/v1/spot/order/detail', { id: s.orderId }, s.trader.token);
      expect(res.body.data.status).toMatch(/^(cancelled|filled)$/);
    }
    // a retried clientOrderId of an acknowledged order answers the same order (idempotency survived)
    const first = placed[0]!;
    const retry = await api(
      '/xb/v1/spot/order/place',
      {
        clientOrderId: first.clientOrderId,
        symbol: first.symbol,
        side: first.answer.data.side,
        type: 'limit',
        price: first.answer.data.price,
        quantity: first.answer.data.quantity,
      },
      first.trader.token,
    );
    expect(retry.body.data?.id).toBe(first.answer.data.id);

    // each rebuilt book (REST depth, from the engine) equals its open orders
    for (const { symbol } of LOADED) {
      const depth = (await api('/xb/v1/spot/depth', { symbol, limit: 200 })).body.data;
      const open = (await Promise.all(traders.map((t) => api('/xb/v1/spot/orders/open', { symbol }, t.token)))).flatMap(
        (r) => r.body.data,
      );
      const levels = (side: string) => {
        const m = new Map<string, number>();
        for (const o of open.filter((x: any) => x.side === side))
          m.set(o.price, (m.get(o.price) ?? 0) + Math.round(Number(o.unfilledQuantity) * 1e5));
        return [...m.entries()].sort((a, b) =>
          side === 'buy' ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0]),
        );
      };
      const asLots = (ls: Array<[string, string]>) => ls.map(([p, q]) => [p, Math.round(Number(q) * 1e5)]);
      expect(asLots(depth.bids)).toEqual(levels('buy'));
      expect(asLots(depth.asks)).toEqual(levels('sell'));
      expect(depth.bids.length + depth.asks.length).toBeGreaterThan(0);
      if (depth.bids.length && depth.asks.length)
        expect(Number(depth.bids[0][0])).toBeLessThan(Number(depth.asks[0][0])); // not crossed
    }

    await stopServer(child, 'SIGTERM');
    child = null;

    // the stored state, read directly
    const database = await openDb();
    try {
      const ids = placed.map((s) => s.answer.data.id as number);
      const rows = await database.db.select().from(spotOrders);
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of ids) expect(byId.has(id)).toBe(true);
      // an order nobody was told about exists only if its command reached a commit: then it is whole
      const trades = await database.db
        .select()
        .from(spotTrades)
        .where(
          or(inArray(spotTrades.takerOrderId, [...byId.keys()]), inArray(spotTrades.makerOrderId, [...byId.keys()])),
        );
      const filled = new Map<number, bigint>();
      for (const t of trades) {
        filled.set(t.takerOrderId, (filled.get(t.takerOrderId) ?? 0n) + t.baseAmount);
        filled.set(t.makerOrderId, (filled.get(t.makerOrderId) ?? 0n) + t.baseAmount);
      }
      const reserved = new Map<string, bigint>();
      for (const r of rows) {
        expect(r.filledBase, `order ${r.id}`).toBe(filled.get(r.id) ?? 0n);
        const unitsPerLot = marketOf(r.symbol)!.unitsPerLot;
        const lots = r.qtyLots! - r.remainingLots - Number(r.filledBase / unitsPerLot);
        if (r.status === 'new' || r.status === 'partially_filled') {
          expect(lots, `order ${r.id}`).toBe(0);
          expect(r.remainingLots).toBeGreaterThan(0);
          const key = `${r.userId}:${r.frozenCurrency}`;
          reserved.set(key, (reserved.get(key) ?? 0n) + r.frozenRemaining);
        } else {
          expect(r.frozenRemaining, `order ${r.id}`).toBe(0n);
          if (r.status === 'filled') expect(r.filledBase).toBe(BigInt(r.qtyLots!) * unitsPerLot);
        }
      }
      // what the ledger holds frozen is exactly what the open orders reserve
      const ledger = new LedgerService(database.db, systemClock);
      for (const t of traders) {
        for (const currency of ['USDT', ...LOADED.map((m) => m.base)]) {
          const b = await ledger.balance({ userId: t.id, currency, wallet: 'spot' });
          expect(b.frozen, `${t.id} ${currency}`).toBe(reserved.get(`${t.id}:${currency}`) ?? 0n);
        }
      }
      expect(rows.length).toBeGreaterThanOrEqual(placed.length);
      expect(new Set(placed.map((x) => x.symbol)).size).toBe(LOADED.length);
      expect(await ledgerCheck(database.db)).toMatchObject({ ok: true, problems: [] });
    } finally {
      await database.close();
    }
  }, 300_000);
});
