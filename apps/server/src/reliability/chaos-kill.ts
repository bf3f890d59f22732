import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { systemClock, type Clock } from '../platform/clock.ts';
import { openDatabase, type Database, type Db } from '../platform/db/database.ts';
import { migrate } from '../platform/db/migrate.ts';
import { registerMessages } from '../platform/i18n/messages.ts';
import { holdSecret } from '../modules/common/app-secret.ts';
import { CodeService } from '../modules/common/code.service.ts';
import { commonMessages } from '../modules/common/common.messages.ts';
import { spotOrders, spotTrades } from '../modules/spot/spot.schema.ts';
import { ledgerCheck } from '../modules/wallet/ledger-check.ts';
import { LedgerService } from '../modules/wallet/ledger.service.ts';
import { withdrawals } from '../modules/wallet/wallet.schema.ts';
import { createFundedTraders, TRADER_FUND_PASSWORD } from './funded-traders.ts';
import { SeededRandom } from './seeded-random.ts';
import { callApi, startServer, stopServer, type RunningServer } from './server-process.ts';

/**
 * The SIGKILL loop: the real server under order, cancel, transfer and withdrawal load over HTTP, each
 * request with its client id, killed with SIGKILL at a random moment, then checked on the stored data
 * while it is down and restarted:
 * - every acknowledged request is there (order by clientOrderId, transfer and withdrawal by requestId,
 *   a cancel as a cancelled or filled order);
 * - nothing is half-applied: every request key has exactly its journal entry and row and the other way
 *   round, every order's fills equal its trades, and what each user has frozen is exactly what their
 *   open orders and pending withdrawals reserve — so a request in flight at the kill is whole or absent;
 * - the ledger reconciles; after the restart the book served equals the stored open orders, and a
 *   retried acknowledged request answers its first result without applying again.
 */

export interface ChaosOptions {
  rounds: number;
  db: 'pglite' | 'postgres';
  port: number;
  seed?: number;
  /** The PostgreSQL server to create the round's database on (default DATABASE_URL or the local one). */
  postgresUrl?: string;
  traders?: number;
  workers?: number;
  /** The kill comes at a random moment in this window after the load starts (and after a few acknowledgements). */
  killAfterMs?: [number, number];
  onRound?: (round: RoundReport) => void;
}

export interface RoundReport {
  round: number;
  db: 'pglite' | 'postgres';
  killAfterMs: number;
  acknowledged: Record<string, number>;
  refused: Record<string, number>;
  inFlightAtKill: number;
  /** Of the requests in flight at the kill: how many had committed (whole) and how many left no trace. */
  inFlightCommitted: number;
  inFlightAbsent: number;
  verifyMs: number;
  recoveryMs: number;
  ledger: { accounts: number; transactions: number };
  openOrders: number;
  problems: string[];
}

export interface ChaosSummary {
  db: 'pglite' | 'postgres';
  rounds: number;
  ok: boolean;
  acknowledged: number;
  inFlightAtKill: number;
  inFlightCommitted: number;
  recoveryMs: { min: number; median: number; max: number };
  problems: string[];
}

registerMessages(commonMessages); // the code mail's text, which carries the code

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

interface Trader {
  id: number;
  email: string;
  token: string;
  /** The withdrawal code issued for the current round, if not spent yet. */
  code: string | null;
}

type Kind = 'order' | 'cancel' | 'transfer' | 'withdraw';
interface Sent {
  kind: Kind;
  round: number;
  trader: Trader;
  /** clientOrderId / requestId; the order id for a cancel. */
  key: string;
  body: Record<string, unknown>;
  outcome: 'pending' | 'ack' | 'refused' | 'lost';
  answer?: { status: number; body: any };
}

export async function runChaosKill(opts: ChaosOptions): Promise<{ rounds: RoundReport[]; summary: ChaosSummary }> {
  const run = new ChaosRun(opts);
  try {
    return await run.execute();
  } finally {
    await run.cleanup();
  }
}

class ChaosRun {
  private readonly opts: ChaosOptions;
  private readonly rng: SeededRandom;
  private readonly dataDir: string;
  private databaseUrl: string | null = null;
  private adminUrl: string | null = null;
  private server: RunningServer | null = null;
  private traders: Trader[] = [];
  private readonly sent: Sent[] = [];
  private seq = 0;
  private codeRound = 0;

  constructor(opts: ChaosOptions) {
    this.opts = opts;
    this.rng = new SeededRandom(opts.seed ?? Date.now() % 2 ** 31);
    this.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-chaos-'));
  }

  async execute(): Promise<{ rounds: RoundReport[]; summary: ChaosSummary }> {
    if (this.opts.db === 'postgres') await this.createPostgresDatabase();
    await this.withDatabase(async (database) => {
      await migrate(database);
      await this.prepareTraders(database.db);
      await this.issueCodes(database.db);
    });
    this.server = await this.start();
    // the first start seeds the platform: the load begins once a signed-in call is answered
    for (const t of this.traders) await callApi(this.opts.port, '/xb/v1/wallet/assets', {}, t.token);
    const reports: RoundReport[] = [];
    const aborted: string[] = [];
    for (let round = 1; round <= this.opts.rounds; round += 1) {
      try {
        const report = await this.round(round);
        reports.push(report);
        this.opts.onRound?.(report);
      } catch (err) {
        // a server that does not come back (or a check that cannot run) ends the campaign with a finding
        aborted.push(`round ${round} aborted: ${(err as Error).message.split('\n')[0]}`);
        break;
      }
    }
    if (this.server) await stopServer(this.server.proc, 'SIGTERM');
    this.server = null;
    const recoveries = reports.map((r) => r.recoveryMs).sort((a, b) => a - b);
    const problems = [...reports.flatMap((r) => r.problems.map((p) => `round ${r.round}: ${p}`)), ...aborted];
    return {
      rounds: reports,
      summary: {
        db: this.opts.db,
        rounds: reports.length,
        ok: problems.length === 0,
        acknowledged: this.sent.filter((s) => s.outcome === 'ack').length,
        inFlightAtKill: reports.reduce((s, r) => s + r.inFlightAtKill, 0),
        inFlightCommitted: reports.reduce((s, r) => s + r.inFlightCommitted, 0),
        recoveryMs: {
          min: recoveries[0] ?? 0,
          median: recoveries[Math.floor(recoveries.length / 2)] ?? 0,
          max: recoveries[recoveries.length - 1] ?? 0,
        },
        problems,
      },
    };
  }

  async cleanup(): Promise<void> {
    if (this.server) await stopServer(this.server.proc, 'SIGKILL');
    fs.rmSync(this.dataDir, { recursive: true, force: true });
    if (this.adminUrl && this.databaseUrl) {
      const c = new pg.Client({ connectionString: this.adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${new URL(this.databaseUrl).pathname.slice(1)} with (force)`);
      await c.end();
    }
  }

  private async createPostgresDatabase(): Promise<void> {
    this.adminUrl = this.opts.postgresUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `tidemark_chaos_${crypto.randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: this.adminUrl });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(this.adminUrl);
    url.pathname = `/${name}`;
    this.databaseUrl = url.toString();
  }

  private start(): Promise<RunningServer> {
    return startServer({ port: this.opts.port, dataDir: this.dataDir, databaseUrl: this.databaseUrl });
  }

  /** The stored data, opened directly (the server is down, or on PostgreSQL beside it). */
  private async withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
    const database = this.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: this.databaseUrl, poolSize: 2 })
      : await openDatabase({ kind: 'pglite', dataDir: this.dataDir });
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  }

  private async prepareTraders(db: Db): Promise<void> {
    const created = await createFundedTraders(db, this.opts.traders ?? 4, 'chaos');
    this.traders = created.map((t) => ({ ...t, code: null }));
  }

  /**
   * One withdrawal code per trader for the next round, issued by the real code service and read from its
   * mail. Its clock runs a minute ahead per round: a new code may be sent only a minute after the last.
   */
  private async issueCodes(db: Db): Promise<void> {
    this.codeRound += 1;
    const offset = this.codeRound * 61_000;
    const clock: Clock = { now: () => Date.now() + offset };
    const mail = new Map<string, string>();
    const codes = new CodeService({
      db,
      clock,
      secret: holdSecret(db, 'common.hmac'),
      mailer: { send: async (m) => void mail.set(m.to, m.text) },
      sms: { send: async () => {} },
      addressOf: async (userId) => ({
        email: this.traders.find((t) => t.id === userId)!.email,
        phone: null,
        phoneCountry: null,
      }),
    });
    for (const t of this.traders) {
      await codes.sendToUser(t.id, 'email', 'withdraw', 'en_us');
      t.code = /\b(\d{6})\b/.exec(mail.get(t.email) ?? '')?.[1] ?? null;
      if (!t.code) throw new Error('no withdrawal code in the mail');
    }
  }

  private async round(round: number): Promise<RoundReport> {
    const port = this.opts.port;
    const server = this.server!;
    const refused: Record<string, number> = {};
    const problems: string[] = [];
    const [lo, hi] = this.opts.killAfterMs ?? [400, 2500];
    const killAfterMs = this.rng.int(lo, hi); // the earliest moment; it waits for a few acknowledgements
    const exited = new Promise<void>((r) => server.proc.once('exit', () => r()));
    let killed = false;
    let acks = 0;
    const startedAt = performance.now();
    let inFlightAtKill = 0;
    let killedAtMs = 0;
    const kill = () => {
      if (killed) return;
      killed = true;
      killedAtMs = Math.round(performance.now() - startedAt);
      inFlightAtKill = this.sent.filter((s) => s.round === round && s.outcome === 'pending').length;
      server.proc.kill('SIGKILL');
    };
    const worker = async () => {
      while (!killed) {
        const s = this.nextRequest(round);
        this.sent.push(s);
        try {
          const res = await callApi(port, PATHS[s.kind], s.body, s.trader.token);
          s.answer = res;
          if (res.status === 200) {
            s.outcome = 'ack';
            acks += 1;
            if (s.kind === 'withdraw') s.trader.code = null;
          } else {
            s.outcome = 'refused';
            const key = `${s.kind}:${res.body?.error ?? res.status}`;
            refused[key] = (refused[key] ?? 0) + 1;
            if (res.status >= 500 || !ACCEPTABLE_REFUSALS.has(key))
              problems.push(`${key}: ${JSON.stringify(res.body)}`);
            if (s.kind === 'withdraw') s.trader.code = null;
          }
        } catch {
          s.outcome = 'lost';
          return;
        }
        if (acks >= 5 && performance.now() - startedAt >= killAfterMs) kill();
      }
    };
    // a server that answers nothing for a minute is killed anyway (and the round shows no acknowledgements)
    const safety = setTimeout(kill, hi + 60_000);
    await Promise.all(Array.from({ length: this.opts.workers ?? 6 }, () => worker()));
    clearTimeout(safety);
    kill();
    await exited;
    for (const s of this.sent) if (s.round === round && s.outcome === 'pending') s.outcome = 'lost';

    const verifyStarted = performance.now();
    const stored = await this.withDatabase(async (database) => {
      const result = await this.verifyStored(database.db, round, problems);
      await this.issueCodes(database.db);
      return result;
    });
    const verifyMs = Math.round(performance.now() - verifyStarted);

    this.server = await this.start();
    await this.verifyServed(problems);

    const mine = this.sent.filter((s) => s.round === round);
    const acknowledged: Record<string, number> = {};
    for (const s of mine.filter((x) => x.outcome === 'ack')) acknowledged[s.kind] = (acknowledged[s.kind] ?? 0) + 1;
    return {
      round,
      db: this.opts.db,
      killAfterMs: killedAtMs,
      acknowledged,
      refused,
      inFlightAtKill,
      inFlightCommitted: stored.lostCommitted,
      inFlightAbsent: stored.lostAbsent,
      verifyMs,
      recoveryMs: this.server.startMs,
      ledger: stored.ledger,
      openOrders: stored.openOrders,
      problems,
    };
  }

  private nextRequest(round: number): Sent {
    const trader = this.rng.pick(this.traders);
    const n = ++this.seq;
    const key = `chaos-${round}-${n}-${crypto.randomBytes(3).toString('hex')}`;
    const roll = this.rng.next();
    if (trader.code && roll < 0.05) {
      const body = {
        requestId: key,
        currency: 'USDT',
        chain: 'TRC20',
        address: TRON_ADDRESS,
        amount: String(100 + this.rng.int(0, 50)),
        fundPassword: TRADER_FUND_PASSWORD,
        code: trader.code,
      };
      return { kind: 'withdraw', round, trader, key, body, outcome: 'pending' };
    }
    if (roll < 0.25) {
      const [from, to] = this.rng.chance(0.5) ? ['spot', 'futures'] : ['futures', 'spot'];
      const body = { requestId: key, currency: 'USDT', from, to, amount: String(this.rng.int(1, 50)) };
      return { kind: 'transfer', round, trader, key, body, outcome: 'pending' };
    }
    const resting = this.sent.filter(
      (s) =>
        s.kind === 'order' &&
        s.outcome === 'ack' &&
        s.trader === trader &&
        ['new', 'partially_filled'].includes(s.answer?.body?.data?.status),
    );
    if (roll < 0.4 && resting.length) {
      const pick = resting[this.rng.int(0, resting.length - 1)]!;
      const orderId = pick.answer!.body.data.id as number;
      return { kind: 'cancel', round, trader, key: String(orderId), body: { orderId }, outcome: 'pending' };
    }
    const side = this.rng.chance(0.5) ? 'buy' : 'sell';
    const price = (side === 'buy' ? 49_950 : 50_050) + this.rng.int(-100, 100);
    const body = {
      clientOrderId: key,
      symbol: 'BTCUSDT',
      side,
      type: 'limit',
      price: String(price),
      quantity: `0.0${this.rng.int(1, 5)}`,
    };
    return { kind: 'order', round, trader, key, body, outcome: 'pending' };
  }

  /** What a restart must find, read from the stored data while the server is down. */
  private async verifyStored(
    db: Db,
    round: number,
    problems: string[],
  ): Promise<{
    lostCommitted: number;
    lostAbsent: number;
    ledger: { accounts: number; transactions: number };
    openOrders: number;
  }> {
    const ids = this.traders.map((t) => t.id);
    const check = await db.transaction((tx) => ledgerCheck(tx as unknown as Db), { isolationLevel: 'repeatable read' });
    problems.push(...check.problems.map((p) => `ledger: ${p}`));

    const orders = await db.select().from(spotOrders).where(inArray(spotOrders.userId, ids));
    const orderByKey = new Map(orders.map((o) => [`${o.userId}:${o.clientOrderId}`, o]));
    const orderById = new Map(orders.map((o) => [o.id, o]));
    const keys = rowsOf<{
      user_id: string;
      request_id: string;
      command: string;
      result: any;
    }>(await db.execute(sql`select user_id::text, request_id, command, result from idempotency_keys`));
    const keyOf = new Map(keys.map((k) => [`${k.user_id}:${k.request_id}`, k]));
    const journal = rowsOf<{ kind: string; reference: string; n: number }>(
      await db.execute(
        sql`select kind, reference, count(*)::int as n from ledger_transactions
            where kind in ('transfer', 'withdraw.apply') group by kind, reference`,
      ),
    );
    const entries = new Map(journal.map((j) => [`${j.kind}|${j.reference}`, j.n]));
    const stored = await db.select().from(withdrawals).where(inArray(withdrawals.userId, ids));

    // every request key has exactly its journal entry / row, and every entry its key: whole or absent
    for (const k of keys) {
      if (k.command === 'transfer' && entries.get(`transfer|transfer:${k.request_id}`) !== 1) {
        problems.push(
          `transfer ${k.request_id} has a key but ${entries.get(`transfer|transfer:${k.request_id}`) ?? 0} journal entries`,
        );
      }
      if (k.command === 'withdraw') {
        const w = stored.find((x) => x.id === k.result?.id);
        if (!w) problems.push(`withdrawal ${k.request_id} has a key but no withdrawal row`);
      }
    }
    for (const j of journal) {
      if (j.n !== 1) problems.push(`${j.kind} ${j.reference} journaled ${j.n} times`);
      if (j.kind === 'transfer' && j.reference.startsWith('transfer:chaos-')) {
        const rid = j.reference.slice('transfer:'.length);
        if (!keys.some((k) => k.request_id === rid)) problems.push(`transfer ${rid} journaled without its request key`);
      }
    }
    for (const w of stored) {
      if (entries.get(`withdraw.apply|withdrawal:${w.id}`) !== 1)
        problems.push(`withdrawal ${w.id} without its freeze`);
      if (!keys.some((k) => k.command === 'withdraw' && k.result?.id === w.id)) {
        problems.push(`withdrawal ${w.id} without its request key`);
      }
    }

    // every acknowledged request is there
    let lostCommitted = 0;
    let lostAbsent = 0;
    for (const s of this.sent) {
      const present = this.isPresent(s, orderByKey, orderById, keyOf);
      if (s.outcome === 'ack' && !present) problems.push(`acknowledged ${s.kind} ${s.key} is missing`);
      if (s.outcome === 'lost' && s.round === round) {
        if (present) lostCommitted += 1;
        else lostAbsent += 1;
      }
    }

    // fills equal trades, and what is frozen is exactly what open orders and pending withdrawals reserve
    const trades = orders.length
      ? await db
          .select()
          .from(spotTrades)
          .where(inArray(spotTrades.takerOrderId, [...orderById.keys()]))
      : [];
    const makerTrades = orders.length
      ? await db
          .select()
          .from(spotTrades)
          .where(inArray(spotTrades.makerOrderId, [...orderById.keys()]))
      : [];
    const filled = new Map<number, bigint>();
    for (const t of trades) filled.set(t.takerOrderId, (filled.get(t.takerOrderId) ?? 0n) + t.baseAmount);
    for (const t of makerTrades) filled.set(t.makerOrderId, (filled.get(t.makerOrderId) ?? 0n) + t.baseAmount);
    const reserved = new Map<string, bigint>();
    let openOrders = 0;
    for (const o of orders) {
      if (o.filledBase !== (filled.get(o.id) ?? 0n))
        problems.push(`order ${o.id} filled ${o.filledBase}, trades say ${filled.get(o.id) ?? 0n}`);
      if (o.status === 'new' || o.status === 'partially_filled') {
        openOrders += 1;
        const k = `${o.userId}:${o.frozenCurrency}`;
        reserved.set(k, (reserved.get(k) ?? 0n) + o.frozenRemaining);
      } else if (o.frozenRemaining !== 0n) {
        problems.push(`closed order ${o.id} still holds ${o.frozenRemaining}`);
      }
    }
    for (const w of stored.filter((x) => x.status === 'pending')) {
      const k = `${w.userId}:${w.currency}`;
      reserved.set(k, (reserved.get(k) ?? 0n) + BigInt(w.amount));
    }
    const ledger = new LedgerService(db, systemClock);
    for (const t of this.traders) {
      for (const currency of ['USDT', 'BTC']) {
        const b = await ledger.balance({ userId: t.id, currency, wallet: 'spot' }, db);
        const want = reserved.get(`${t.id}:${currency}`) ?? 0n;
        if (b.frozen !== want) problems.push(`user ${t.id} ${currency}: frozen ${b.frozen}, reserved ${want}`);
      }
    }
    return {
      lostCommitted,
      lostAbsent,
      ledger: { accounts: check.accounts, transactions: check.transactions },
      openOrders,
    };
  }

  private isPresent(
    s: Sent,
    orderByKey: Map<string, typeof spotOrders.$inferSelect>,
    orderById: Map<number, typeof spotOrders.$inferSelect>,
    keyOf: Map<string, { command: string; result: any }>,
  ): boolean {
    switch (s.kind) {
      case 'order': {
        const o = orderByKey.get(`${s.trader.id}:${s.key}`);
        if (s.outcome === 'ack' && o && o.id !== s.answer?.body?.data?.id) return false;
        return !!o;
      }
      case 'cancel': {
        const o = orderById.get(Number(s.key));
        return !!o && (o.status === 'cancelled' || o.status === 'filled');
      }
      case 'transfer':
      case 'withdraw': {
        const k = keyOf.get(`${s.trader.id}:${s.key}`);
        if (!k || k.command !== s.kind) return false;
        return s.outcome !== 'ack' || s.kind !== 'withdraw' || k.result?.id === s.answer?.body?.data?.id;
      }
    }
  }

  /** After the restart: the book served equals the stored open orders; a retried request answers its first result. */
  private async verifyServed(problems: string[]): Promise<void> {
    const port = this.opts.port;
    const depth = (await callApi(port, '/xb/v1/spot/depth', { symbol: 'BTCUSDT', limit: 200 })).body.data;
    const open = (
      await Promise.all(
        this.traders.map((t) => callApi(port, '/xb/v1/spot/orders/open', { symbol: 'BTCUSDT' }, t.token)),
      )
    ).flatMap((r) => r.body.data ?? []);
    const levels = (side: string) => {
      const m = new Map<string, number>();
      for (const o of open.filter((x: { side: string }) => x.side === side)) {
        m.set(o.price, (m.get(o.price) ?? 0) + Math.round(Number(o.unfilledQuantity) * 1e5));
      }
      return [...m.entries()].sort((a, b) =>
        side === 'buy' ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0]),
      );
    };
    const asLots = (ls: Array<[string, string]>) => ls.map(([p, q]) => [p, Math.round(Number(q) * 1e5)]);
    // the depth carries the best DEPTH_LEVELS levels of each side; the open orders may span more
    const top = (side: string) => levels(side).slice(0, DEPTH_LEVELS);
    if (
      JSON.stringify(asLots(depth.bids)) !== JSON.stringify(top('buy')) ||
      JSON.stringify(asLots(depth.asks)) !== JSON.stringify(top('sell'))
    ) {
      problems.push('the rebuilt book differs from the open orders');
    }
    if (depth.bids.length && depth.asks.length && Number(depth.bids[0][0]) >= Number(depth.asks[0][0])) {
      problems.push('the rebuilt book is crossed');
    }
    const acked = this.sent.filter((s) => s.outcome === 'ack' && (s.kind === 'transfer' || s.kind === 'order'));
    const retry = acked[acked.length - 1];
    if (retry) {
      const again = await callApi(port, PATHS[retry.kind], retry.body, retry.trader.token);
      const same =
        retry.kind === 'order'
          ? again.body?.data?.id === retry.answer?.body?.data?.id
          : again.body?.data?.transactionId === retry.answer?.body?.data?.transactionId;
      if (again.status !== 200 || !same)
        problems.push(`retried ${retry.kind} ${retry.key} answered ${JSON.stringify(again.body)}`);
    }
  }
}

/** The server's default depth cap (WS_DEPTH_LEVELS): REST depth serves at most this many levels a side. */
const DEPTH_LEVELS = 100;

const PATHS: Record<Kind, string> = {
  order: '/xb/v1/spot/order/place',
  cancel: '/xb/v1/spot/order/cancel',
  transfer: '/xb/v1/wallet/transfer',
  withdraw: '/xb/v1/wallet/withdraw',
};

/** Refusals the load provokes on purpose or by racing itself; anything else is a finding. */
const ACCEPTABLE_REFUSALS = new Set([
  'cancel:ORDER_NOT_OPEN',
  'transfer:INSUFFICIENT_BALANCE',
  'order:INSUFFICIENT_BALANCE',
  'withdraw:INSUFFICIENT_BALANCE',
  // a withdrawal in flight at the kill may have spent the round's code
  'withdraw:CODE_INVALID',
]);

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
