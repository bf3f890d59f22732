import { sql } from 'drizzle-orm';
import { EventLog, MatchingEngine, type EngineEvent, type Side, type TimeInForce } from '@tidemark/engine';
import { systemClock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { AppError } from '../platform/http/app-error.ts';
import { users } from '../modules/account/user.schema.ts';
import { runOnce } from '../modules/wallet/idempotency.ts';
import { ledgerCheck, type LedgerCheckResult } from '../modules/wallet/ledger-check.ts';
import {
  InsufficientBalance,
  LedgerService,
  type AccountRef,
  type Movement,
  type SystemAccount,
} from '../modules/wallet/ledger.service.ts';
import type { UserWallet } from '../modules/wallet/ledger.schema.ts';
import { LedgerModel, accountKey, type ModelBalance } from './ledger-model.ts';
import { SeededRandom } from './seeded-random.ts';

/**
 * The seeded ledger simulator: random money operations (deposits, spot orders matched by the real
 * engine and settled through the ledger, cancels, wallet transfers with request ids, withdrawals
 * applied / sent / rejected / confirmed, refusals, duplicate and conflicting request ids, and faults:
 * a transaction thrown away after some postings) against the real LedgerService on a real database.
 *
 * After every step: the accounts the step touched read back from the database equal the reference
 * model, each currency sums to zero, nothing is negative but the outside world, and what a user has
 * frozen equals what their open orders and pending withdrawals reserve. Every `reconcileEvery` steps
 * and at the end: the full ledger check (balances = postings, every transaction and currency balanced)
 * and every database account against the model. The first broken invariant stops the run with the
 * seed and step, so it can be replayed.
 */

const CURRENCIES = ['USDT', 'BTC'] as const;
const WALLETS: UserWallet[] = ['spot', 'futures', 'earn'];
/** The BTCUSDT market as markets.ts maps it: 1 tick × 1 lot = 1 USDT minor unit, 1 lot = 0.00001 BTC. */
const BASE_PER_LOT = 1000n;
const MID_TICKS = 500_000; // 50,000 USDT with a 0.1 USDT tick
const TAKER_BPS = 10n;
const MAKER_BPS = 8n;

export interface LedgerSimOptions {
  ops: number;
  seed: number;
  users?: number;
  /** Full reconciliation every this many steps (and always at the end). */
  reconcileEvery?: number;
  onProgress?: (done: number, elapsedMs: number) => void;
}

export interface LedgerSimReport {
  ops: number;
  seed: number;
  users: number;
  seconds: number;
  opsPerSecond: number;
  operations: Record<string, number>;
  refusals: Record<string, number>;
  faultsInjected: number;
  trades: number;
  openOrdersAtEnd: number;
  invariantChecks: { steps: number; accountReads: number; fullReconciliations: number };
  finalReconciliation: LedgerCheckResult & { modelAccounts: number; modelAgrees: boolean };
}

export class InvariantBroken extends Error {}
/** Thrown on purpose inside a transaction: everything it posted must vanish. */
class InjectedFault extends Error {}

interface StoredRow {
  owner: string;
  currency: string;
  wallet: string;
  available: string;
  frozen: string;
}

interface SimOrder {
  id: number;
  user: number;
  side: Side;
  price: number;
  remaining: number;
  frozen: bigint;
}

interface Withdrawal {
  user: number;
  currency: string;
  amount: bigint;
  fee: bigint;
}

interface DoneTransfer {
  userId: number;
  requestId: string;
  body: { currency: string; from: UserWallet; to: UserWallet; amount: string };
  result: unknown;
}

type OpKind =
  | 'deposit'
  | 'order'
  | 'orderFault'
  | 'cancel'
  | 'cancelUnknown'
  | 'transfer'
  | 'duplicateRequest'
  | 'conflictingRequest'
  | 'withdrawApply'
  | 'withdrawResolve'
  | 'withdrawConfirm'
  | 'abortedTransaction'
  | 'unbalancedEntry';

const MIX: Array<[OpKind, number]> = [
  ['deposit', 10],
  ['order', 32],
  ['orderFault', 1],
  ['cancel', 10],
  ['cancelUnknown', 1],
  ['transfer', 12],
  ['duplicateRequest', 3],
  ['conflictingRequest', 1],
  ['withdrawApply', 6],
  ['withdrawResolve', 5],
  ['withdrawConfirm', 3],
  ['abortedTransaction', 1],
  ['unbalancedEntry', 1],
];

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const sys = (system: 'outside_world' | 'fees' | 'hot_wallet', currency: string): AccountRef => ({ system, currency });

export async function runLedgerSim(db: Db, opts: LedgerSimOptions): Promise<LedgerSimReport> {
  const sim = new LedgerSim(db, opts);
  return sim.run();
}

class LedgerSim {
  private readonly ledger: LedgerService;
  private readonly rng: SeededRandom;
  private readonly model = new LedgerModel();
  private readonly log = new EventLog();
  private engine = new MatchingEngine(this.log);
  private readonly orders = new Map<number, SimOrder>();
  private openList: number[] = [];
  /** What open orders and pending withdrawals hold frozen, per spot account key. */
  private readonly reserved = new Map<string, bigint>();
  private readonly pendingWithdrawals: Withdrawal[] = [];
  private readonly sentWithdrawals: Withdrawal[] = [];
  private readonly doneTransfers: DoneTransfer[] = [];
  private userIds: number[] = [];
  private nextOrderId = 1;
  private nextRequest = 1;
  private step = 0;
  private lastOp = '';
  private readonly operations: Record<string, number> = {};
  private readonly refusals: Record<string, number> = {};
  private faults = 0;
  private trades = 0;
  private accountReads = 0;
  private fullReconciliations = 0;
  private readonly mixTotal = MIX.reduce((s, [, w]) => s + w, 0);

  private readonly db: Db;
  private readonly opts: LedgerSimOptions;

  constructor(db: Db, opts: LedgerSimOptions) {
    this.db = db;
    this.opts = opts;
    this.ledger = new LedgerService(db, systemClock);
    this.rng = new SeededRandom(opts.seed);
  }

  async run(): Promise<LedgerSimReport> {
    const started = performance.now();
    await this.loadExisting();
    await this.createUsers(this.opts.users ?? 8);
    const every = this.opts.reconcileEvery ?? 10_000;
    for (this.step = 1; this.step <= this.opts.ops; this.step += 1) {
      const kind = this.pickKind();
      this.operations[kind] = (this.operations[kind] ?? 0) + 1;
      this.lastOp = kind;
      await this.perform(kind);
      await this.checkStep();
      if (this.step % every === 0) await this.reconcile();
      if (this.opts.onProgress && this.step % 10_000 === 0)
        this.opts.onProgress(this.step, performance.now() - started);
    }
    const final = await this.reconcile();
    const seconds = (performance.now() - started) / 1000;
    return {
      ops: this.opts.ops,
      seed: this.opts.seed,
      users: this.userIds.length,
      seconds: Math.round(seconds * 10) / 10,
      opsPerSecond: Math.round(this.opts.ops / seconds),
      operations: this.operations,
      refusals: this.refusals,
      faultsInjected: this.faults,
      trades: this.trades,
      openOrdersAtEnd: this.orders.size,
      invariantChecks: {
        steps: this.opts.ops,
        accountReads: this.accountReads,
        fullReconciliations: this.fullReconciliations,
      },
      finalReconciliation: { ...final, modelAccounts: this.model.accounts.size, modelAgrees: true },
    };
  }

  private async createUsers(n: number): Promise<void> {
    const tag = `${this.opts.seed}-${Date.now().toString(36)}`;
    const rows = await this.db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          email: `sim-${tag}-${i}@example.com`,
          passwordHash: 'not-a-login',
          inviteCode: `SIM${tag}${i}`.slice(0, 60),
        })),
      )
      .returning({ id: users.id });
    this.userIds = rows.map((r) => r.id);
  }

  private pickKind(): OpKind {
    let x = this.rng.next() * this.mixTotal;
    for (const [kind, w] of MIX) {
      x -= w;
      if (x < 0) return kind;
    }
    return 'deposit';
  }

  private refused(kind: string): void {
    this.refusals[kind] = (this.refusals[kind] ?? 0) + 1;
  }

  private spot(user: number, currency: string): AccountRef {
    return { userId: this.userIds[user]!, currency, wallet: 'spot' };
  }

  /** Runs `fn` expecting the ledger to refuse it for lack of balance; the refusal must change nothing. */
  private async expectInsufficient(fn: () => Promise<unknown>, refs: AccountRef[]): Promise<void> {
    try {
      await fn();
    } catch (err) {
      if (!(err instanceof InsufficientBalance)) throw err;
      for (const r of refs) this.model.touch(r);
      this.refused('insufficient_balance');
      return;
    }
    this.fail(['the ledger accepted a step the model says must be refused for insufficient balance']);
  }

  /** An amount usually within `available`, sometimes beyond it (to provoke a refusal). */
  private amountAgainst(available: bigint, cap: bigint): bigint {
    if (available <= 0n || this.rng.chance(0.08)) return available + this.rng.bigint(1n, cap);
    const upper = available < cap ? available : cap;
    return this.rng.bigint(1n, upper);
  }

  private async perform(kind: OpKind): Promise<void> {
    switch (kind) {
      case 'deposit':
        return this.deposit();
      case 'order':
        return this.placeOrder(false);
      case 'orderFault':
        return this.placeOrder(true);
      case 'cancel':
        return this.cancel();
      case 'cancelUnknown':
        return this.cancelUnknown();
      case 'transfer':
        return this.transfer();
      case 'duplicateRequest':
        return this.duplicateRequest(false);
      case 'conflictingRequest':
        return this.duplicateRequest(true);
      case 'withdrawApply':
        return this.withdrawApply();
      case 'withdrawResolve':
        return this.withdrawResolve();
      case 'withdrawConfirm':
        return this.withdrawConfirm();
      case 'abortedTransaction':
        return this.abortedTransaction();
      case 'unbalancedEntry':
        return this.unbalancedEntry();
    }
  }

  private async deposit(): Promise<void> {
    const user = this.rng.int(0, this.userIds.length - 1);
    const currency = this.rng.pick(CURRENCIES);
    const amount = currency === 'USDT' ? this.rng.bigint(1n, 5_000_000_000n) : this.rng.bigint(1n, 10_000_000n);
    const moves: Movement[] = [
      { account: sys('outside_world', currency), available: -amount },
      { account: this.spot(user, currency), available: amount },
    ];
    await this.ledger.transaction((tx) =>
      this.ledger.transfer(tx, 'deposit', moves[0]!.account, moves[1]!.account, amount, `sim-deposit:${this.step}`),
    );
    this.model.apply(moves);
  }

  private async placeOrder(injectFault: boolean): Promise<void> {
    const user = this.rng.int(0, this.userIds.length - 1);
    const side: Side = this.rng.chance(0.5) ? 'buy' : 'sell';
    const price = MID_TICKS + this.rng.int(-20, 20) * 10;
    const qty = this.rng.int(1, 400);
    const tif: TimeInForce = this.rng.pick(['GTC', 'GTC', 'GTC', 'IOC', 'POST_ONLY'] as const);
    const account = this.spot(user, side === 'buy' ? 'USDT' : 'BTC');
    const reserve = side === 'buy' ? BigInt(price * qty) : BigInt(qty) * BASE_PER_LOT;
    if (this.model.available(account) < reserve) {
      await this.expectInsufficient(
        () => this.ledger.transaction((tx) => this.ledger.freeze(tx, 'spot.order', account, reserve)),
        [account],
      );
      return;
    }
    const taker: SimOrder = { id: this.nextOrderId++, user, side, price, remaining: qty, frozen: reserve };
    const moves: Movement[] = [{ account, available: -reserve, frozen: reserve }];
    const effects: Array<() => void> = [];
    let takerDone = false;
    try {
      await this.ledger.transaction(async (tx) => {
        await this.ledger.freeze(tx, 'spot.order', account, reserve, `order:${taker.id}`);
        this.engine.apply({ type: 'limit', id: taker.id, owner: user, side, price, qty, tif });
        for (const ev of this.log.drain() as EngineEvent[]) {
          if (ev.type === 'trade') {
            const maker = this.orders.get(ev.makerId);
            if (!maker) this.fail([`engine traded against unknown order ${ev.makerId}`]);
            const fill = this.settle(taker, maker!, ev.price, ev.qty);
            await this.ledger.post(tx, { kind: 'spot.trade', reference: `order:${taker.id}`, movements: fill.moves });
            moves.push(...fill.moves);
            if (maker!.remaining - ev.qty !== ev.makerRemaining) {
              this.fail([`maker ${maker!.id} remaining disagrees with the engine`]);
            }
            effects.push(() => this.afterFill(maker!, ev.qty, fill.makerHeld));
          } else if (ev.type === 'cancelled') {
            if (ev.orderId !== taker.id) this.fail([`unexpected cancel of ${ev.orderId} (${ev.reason})`]);
            if (ev.qty !== taker.remaining) this.fail([`taker cancel of ${ev.qty} lots but ${taker.remaining} remain`]);
            const release = taker.frozen;
            await this.ledger.release(tx, 'spot.cancel', account, release, `order:${taker.id}`);
            moves.push({ account, available: release, frozen: -release });
            taker.frozen = 0n;
            taker.remaining = 0;
            takerDone = true;
          } else if (ev.type === 'rejected') {
            this.fail([`engine rejected order ${ev.orderId}: ${ev.reason}`]);
          }
        }
        if (taker.remaining === 0) takerDone = true;
        if (injectFault) throw new InjectedFault();
      });
    } catch (err) {
      if (!(err instanceof InjectedFault)) throw err;
      // the settlement never committed: the book goes back to the stored open orders, as the sequencer does
      this.faults += 1;
      this.rebuildEngine();
      for (const m of moves) this.model.touch(m.account);
      return;
    }
    this.model.apply(moves);
    for (const e of effects) e();
    if (!takerDone) {
      this.orders.set(taker.id, taker);
      this.openList.push(taker.id);
      this.addReserved(account, taker.frozen);
    }
  }

  /**
   * One trade between an incoming and a resting order: the balanced entry. The taker's remainder changes
   * at once (it is thrown away with a failed transaction); the maker's only after the commit (afterFill).
   */
  private settle(
    taker: SimOrder,
    maker: SimOrder,
    price: number,
    qty: number,
  ): { moves: Movement[]; makerHeld: bigint } {
    const buyer = taker.side === 'buy' ? taker : maker;
    const seller = taker.side === 'buy' ? maker : taker;
    const quote = BigInt(price * qty);
    const base = BigInt(qty) * BASE_PER_LOT;
    const buyerHeld = BigInt(buyer.price * qty); // the buyer froze at its own limit; a better price gives the rest back
    const sellerFee = ceilDiv(quote * (seller === taker ? TAKER_BPS : MAKER_BPS), 10_000n);
    const buyerFee = ceilDiv(base * (buyer === taker ? TAKER_BPS : MAKER_BPS), 10_000n);
    taker.frozen -= taker === buyer ? buyerHeld : base;
    taker.remaining -= qty;
    this.trades += 1;
    return {
      makerHeld: maker === buyer ? buyerHeld : base,
      moves: [
        { account: this.spot(buyer.user, 'USDT'), frozen: -buyerHeld, available: buyerHeld - quote },
        { account: this.spot(seller.user, 'USDT'), available: quote - sellerFee },
        { account: sys('fees', 'USDT'), available: sellerFee },
        { account: this.spot(seller.user, 'BTC'), frozen: -base },
        { account: this.spot(buyer.user, 'BTC'), available: base - buyerFee },
        { account: sys('fees', 'BTC'), available: buyerFee },
      ],
    };
  }

  private afterFill(maker: SimOrder, qty: number, held: bigint): void {
    maker.remaining -= qty;
    maker.frozen -= held;
    this.addReserved(this.spot(maker.user, maker.side === 'buy' ? 'USDT' : 'BTC'), -held);
    if (maker.remaining === 0) {
      if (maker.frozen !== 0n) this.fail([`filled order ${maker.id} still holds ${maker.frozen}`]);
      this.orders.delete(maker.id);
    }
  }

  private addReserved(account: AccountRef, delta: bigint): void {
    if (delta === 0n) return;
    const k = accountKey(account);
    this.reserved.set(k, (this.reserved.get(k) ?? 0n) + delta);
  }

  /** Rebuilds the book from the open orders in arrival order (what a restart does from the database). */
  private rebuildEngine(): void {
    this.log.drain();
    this.engine = new MatchingEngine(this.log);
    const open = [...this.orders.values()].sort((a, b) => a.id - b.id);
    for (const o of open) this.engine.load({ id: o.id, owner: o.user, side: o.side, price: o.price, qty: o.remaining });
  }

  private pickOpenOrder(): SimOrder | undefined {
    for (let tries = 0; tries < 4 && this.openList.length; tries += 1) {
      const i = this.rng.int(0, this.openList.length - 1);
      const id = this.openList[i]!;
      const o = this.orders.get(id);
      if (o) return o;
      this.openList[i] = this.openList[this.openList.length - 1]!;
      this.openList.pop();
    }
    return undefined;
  }

  private async cancel(): Promise<void> {
    const order = this.pickOpenOrder();
    if (!order) return this.deposit();
    const account = this.spot(order.user, order.side === 'buy' ? 'USDT' : 'BTC');
    const release = order.frozen;
    await this.ledger.transaction(async (tx) => {
      this.engine.apply({ type: 'cancel', id: order.id, owner: order.user });
      const events = this.log.drain() as EngineEvent[];
      const ev = events[0];
      if (events.length !== 1 || ev?.type !== 'cancelled' || ev.qty !== order.remaining) {
        this.fail([`cancel of ${order.id} gave ${JSON.stringify(events)}`]);
      }
      await this.ledger.release(tx, 'spot.cancel', account, release, `order:${order.id}`);
    });
    this.model.apply([{ account, available: release, frozen: -release }]);
    this.addReserved(account, -release);
    this.orders.delete(order.id);
  }

  private async cancelUnknown(): Promise<void> {
    // an order id that never rested, or is already gone: the engine refuses it and no money moves
    const user = this.rng.int(0, this.userIds.length - 1);
    const id = this.nextOrderId + 1_000_000;
    this.engine.apply({ type: 'cancel', id, owner: user });
    const events = this.log.drain() as EngineEvent[];
    if (events.length !== 1 || events[0]?.type !== 'rejected')
      this.fail([`cancel of unknown ${id}: ${JSON.stringify(events)}`]);
    this.refused('unknown_order');
  }

  private async transfer(): Promise<void> {
    const user = this.rng.int(0, this.userIds.length - 1);
    const userId = this.userIds[user]!;
    const currency = this.rng.pick(CURRENCIES);
    const from = this.rng.pick(WALLETS);
    let to = this.rng.pick(WALLETS);
    if (to === from) to = WALLETS[(WALLETS.indexOf(from) + 1) % WALLETS.length]!;
    const fromRef: AccountRef = { userId, currency, wallet: from };
    const toRef: AccountRef = { userId, currency, wallet: to };
    const amount = this.amountAgainst(this.model.available(fromRef), currency === 'USDT' ? 1_000_000_000n : 2_000_000n);
    const requestId = `sim-${this.nextRequest++}`;
    const body = { currency, from, to, amount: amount.toString() };
    const run = () =>
      runOnce(this.ledger, userId, requestId, 'transfer', body, async (tx) => {
        const { transactionId } = await this.ledger.transfer(
          tx,
          'transfer',
          fromRef,
          toRef,
          amount,
          `transfer:${requestId}`,
        );
        return { transactionId };
      });
    if (this.model.available(fromRef) < amount) {
      await this.expectInsufficient(run, [fromRef, toRef]);
      return;
    }
    const result = await run();
    this.model.apply([
      { account: fromRef, available: -amount },
      { account: toRef, available: amount },
    ]);
    this.doneTransfers.push({ userId, requestId, body, result });
    if (this.doneTransfers.length > 2000) this.doneTransfers.splice(0, 1000);
  }

  /** A retried request id: the same body answers the first result and moves nothing; another body is a 409. */
  private async duplicateRequest(conflicting: boolean): Promise<void> {
    const done = this.doneTransfers.length ? this.rng.pick(this.doneTransfers) : undefined;
    if (!done) return this.transfer();
    const body = conflicting ? { ...done.body, amount: (BigInt(done.body.amount) + 1n).toString() } : done.body;
    const refs: AccountRef[] = [
      { userId: done.userId, currency: body.currency, wallet: body.from },
      { userId: done.userId, currency: body.currency, wallet: body.to },
    ];
    for (const r of refs) this.model.touch(r);
    try {
      const result = await runOnce(this.ledger, done.userId, done.requestId, 'transfer', body, async () => {
        this.fail([`request ${done.requestId} ran twice`]);
      });
      if (conflicting) this.fail([`request ${done.requestId} reused with another body was accepted`]);
      if (JSON.stringify(result) !== JSON.stringify(done.result)) {
        this.fail([
          `request ${done.requestId} answered ${JSON.stringify(result)}, first ${JSON.stringify(done.result)}`,
        ]);
      }
      this.refused('duplicate_request_answered_once');
    } catch (err) {
      if (err instanceof AppError && err.errorKey === 'REQUEST_ID_REUSED' && conflicting) {
        this.refused('request_id_reused');
        return;
      }
      throw err;
    }
  }

  private async withdrawApply(): Promise<void> {
    const user = this.rng.int(0, this.userIds.length - 1);
    const currency = this.rng.pick(CURRENCIES);
    const account = this.spot(user, currency);
    const amount = this.amountAgainst(this.model.available(account), currency === 'USDT' ? 2_000_000_000n : 5_000_000n);
    if (this.model.available(account) < amount) {
      await this.expectInsufficient(
        () => this.ledger.transaction((tx) => this.ledger.freeze(tx, 'withdraw.apply', account, amount)),
        [account],
      );
      return;
    }
    await this.ledger.transaction((tx) =>
      this.ledger.freeze(tx, 'withdraw.apply', account, amount, `sim-withdrawal:${this.step}`),
    );
    this.model.apply([{ account, available: -amount, frozen: amount }]);
    this.addReserved(account, amount);
    this.pendingWithdrawals.push({ user, currency, amount, fee: amount / 100n });
  }

  /** An operator's decision: sent (frozen → fee + hot wallet) or rejected (frozen → available). */
  private async withdrawResolve(): Promise<void> {
    if (!this.pendingWithdrawals.length) return this.withdrawApply();
    const i = this.rng.int(0, this.pendingWithdrawals.length - 1);
    const w = this.pendingWithdrawals[i]!;
    const account = this.spot(w.user, w.currency);
    const send = this.rng.chance(0.7);
    let moves: Movement[];
    if (send) {
      moves = [
        { account, frozen: -w.amount },
        { account: sys('fees', w.currency), available: w.fee },
        { account: sys('hot_wallet', w.currency), available: w.amount - w.fee },
      ];
      await this.ledger.transaction((tx) =>
        this.ledger.settleFrozen(tx, 'withdraw.send', account, [
          { account: sys('fees', w.currency), amount: w.fee },
          { account: sys('hot_wallet', w.currency), amount: w.amount - w.fee },
        ]),
      );
      if (w.amount > w.fee) this.sentWithdrawals.push(w);
    } else {
      moves = [{ account, available: w.amount, frozen: -w.amount }];
      await this.ledger.transaction((tx) => this.ledger.release(tx, 'withdraw.reject', account, w.amount));
      this.refused('withdrawal_rejected');
    }
    this.model.apply(moves);
    this.addReserved(account, -w.amount);
    this.pendingWithdrawals[i] = this.pendingWithdrawals[this.pendingWithdrawals.length - 1]!;
    this.pendingWithdrawals.pop();
  }

  /** The chain confirmed a sent withdrawal: it leaves the hot wallet for the outside world. */
  private async withdrawConfirm(): Promise<void> {
    const w = this.sentWithdrawals.shift();
    if (!w) return this.withdrawResolve();
    const amount = w.amount - w.fee;
    const hot = sys('hot_wallet', w.currency);
    const out = sys('outside_world', w.currency);
    await this.ledger.transaction((tx) => this.ledger.transfer(tx, 'withdraw.confirm', hot, out, amount));
    this.model.apply([
      { account: hot, available: -amount },
      { account: out, available: amount },
    ]);
  }

  /** A transaction that posts several entries and then dies: none of them may remain. */
  private async abortedTransaction(): Promise<void> {
    const user = this.rng.int(0, this.userIds.length - 1);
    const currency = this.rng.pick(CURRENCIES);
    const spot = this.spot(user, currency);
    const futures: AccountRef = { userId: this.userIds[user]!, currency, wallet: 'futures' };
    const amount = this.rng.bigint(1n, 1_000_000n);
    try {
      await this.ledger.transaction(async (tx) => {
        await this.ledger.transfer(tx, 'deposit', sys('outside_world', currency), spot, amount);
        await this.ledger.transfer(tx, 'transfer', spot, futures, amount);
        await this.ledger.freeze(tx, 'hold', futures, amount);
        throw new InjectedFault();
      });
    } catch (err) {
      if (!(err instanceof InjectedFault)) throw err;
    }
    this.faults += 1;
    for (const r of [spot, futures, sys('outside_world', currency)]) this.model.touch(r);
  }

  /** A bug's entry that does not sum to zero: refused before anything is written. */
  private async unbalancedEntry(): Promise<void> {
    const user = this.rng.int(0, this.userIds.length - 1);
    const spot = this.spot(user, 'USDT');
    try {
      await this.ledger.transaction((tx) =>
        this.ledger.post(tx, {
          kind: 'bug',
          movements: [
            { account: sys('outside_world', 'USDT'), available: -10n },
            { account: spot, available: 9n },
          ],
        }),
      );
    } catch (err) {
      if (!(err instanceof Error) || !/unbalanced/.test(err.message)) throw err;
      this.model.touch(spot);
      this.refused('unbalanced_entry');
      return;
    }
    this.fail(['an unbalanced entry was accepted']);
  }

  /** After every step: the touched accounts in the database equal the model; the model's own rules hold. */
  private async checkStep(): Promise<void> {
    const touched = this.model.drainTouched();
    const problems = this.model.selfCheck(touched);
    const stored = await this.readAccounts(touched.map((m) => m.ref));
    for (const m of touched) {
      const s = stored.get(accountKey(m.ref)) ?? { available: 0n, frozen: 0n };
      this.accountReads += 1;
      if (s.available !== m.available || s.frozen !== m.frozen) {
        problems.push(`${accountKey(m.ref)}: ledger ${s.available}/${s.frozen}, model ${m.available}/${m.frozen}`);
      }
      if ('userId' in m.ref && m.ref.wallet === 'spot') {
        const held = this.reserved.get(accountKey(m.ref)) ?? 0n;
        if (held !== m.frozen)
          problems.push(`${accountKey(m.ref)}: frozen ${m.frozen} but orders and withdrawals hold ${held}`);
      }
    }
    if (problems.length) this.fail(problems);
  }

  /** The stored balances of some accounts in one query (one per account would triple the run time). */
  private async readAccounts(refs: AccountRef[]): Promise<Map<string, { available: bigint; frozen: bigint }>> {
    const out = new Map<string, { available: bigint; frozen: bigint }>();
    if (!refs.length) return out;
    const keys = sql.join(
      refs.map((r) => {
        const [owner, currency, wallet] = accountKey(r).split('|');
        return sql`(${owner}, ${currency}, ${wallet})`;
      }),
      sql`, `,
    );
    const rows = (
      (await this.db.execute(
        sql`select owner, currency, wallet, available::text as available, frozen::text as frozen
            from ledger_accounts where (owner, currency, wallet) in (${keys})`,
      )) as unknown as { rows: StoredRow[] }
    ).rows;
    for (const r of rows) {
      out.set(`${r.owner}|${r.currency}|${r.wallet}`, { available: BigInt(r.available), frozen: BigInt(r.frozen) });
    }
    return out;
  }

  /** Starts the model from what the database already holds (a database shared with other runs). */
  private async loadExisting(): Promise<void> {
    const rows = (
      (await this.db.execute(
        sql`select owner, currency, wallet, available::text as available, frozen::text as frozen from ledger_accounts`,
      )) as unknown as { rows: StoredRow[] }
    ).rows;
    for (const r of rows) {
      const ref: AccountRef = r.owner.startsWith('u:')
        ? { userId: Number(r.owner.slice(2)), currency: r.currency, wallet: r.wallet as UserWallet }
        : { system: r.owner.slice(2) as SystemAccount, currency: r.currency };
      this.model.apply([{ account: ref, available: BigInt(r.available), frozen: BigInt(r.frozen) }]);
      // held by whatever ran before: not ours to explain
      if ('userId' in ref && ref.wallet === 'spot') this.addReserved(ref, BigInt(r.frozen));
    }
    this.model.drainTouched();
  }

  /** The full reconciliation: the ledger check, every stored account against the model, the book against the orders. */
  private async reconcile(): Promise<LedgerCheckResult> {
    this.fullReconciliations += 1;
    const check = await this.db.transaction((tx) => ledgerCheck(tx as unknown as Db), {
      isolationLevel: 'repeatable read',
    });
    const problems = [...check.problems];
    const stored = (
      (await this.db.execute(
        sql`select owner, currency, wallet, available::text as available, frozen::text as frozen from ledger_accounts`,
      )) as unknown as {
        rows: Array<{ owner: string; currency: string; wallet: string; available: string; frozen: string }>;
      }
    ).rows;
    const seen = new Set<string>();
    for (const r of stored) {
      const k = `${r.owner}|${r.currency}|${r.wallet}`;
      seen.add(k);
      const m: ModelBalance | undefined = this.model.accounts.get(k);
      const a = BigInt(r.available);
      const f = BigInt(r.frozen);
      if ((m?.available ?? 0n) !== a || (m?.frozen ?? 0n) !== f) {
        problems.push(`${k}: stored ${a}/${f}, model ${m?.available ?? 0n}/${m?.frozen ?? 0n}`);
      }
    }
    for (const [k, m] of this.model.accounts) {
      if (!seen.has(k) && (m.available !== 0n || m.frozen !== 0n)) problems.push(`${k}: in the model, not stored`);
    }
    const book = this.engine.snapshot();
    if (book.length !== this.orders.size) problems.push(`book has ${book.length} orders, model ${this.orders.size}`);
    for (const o of book) {
      if (this.orders.get(o.id)?.remaining !== o.qty)
        problems.push(`order ${o.id}: book ${o.qty} lots, model ${this.orders.get(o.id)?.remaining}`);
    }
    if (problems.length) this.fail(problems);
    return check;
  }

  private fail(problems: string[]): never {
    throw new InvariantBroken(
      `ledger simulator (seed ${this.opts.seed}) broke an invariant at step ${this.step} (${this.lastOp}):\n  - ${problems.slice(0, 20).join('\n  - ')}`,
    );
  }
}
