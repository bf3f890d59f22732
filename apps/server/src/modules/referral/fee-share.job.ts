import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.ts';
import { PREPARED, type Db } from '../../platform/db/database.ts';
import type { FeePosting, LedgerService, PostingHorizon } from '../wallet/ledger.service.ts';
import type { AccountPort } from '../kyc/account-port.ts';
import type { ReferralConfig } from './referral.config.ts';
import { referralFeeCursor, referralFeePostings, referralRewards, type FeePostingOutcome } from './referral.schema.ts';

/** Fees that are not trading fees (a withdrawal's network fee, for one) earn no invite reward. */
const NOT_TRADING = /^(withdraw|deposit|referral)/;

/** The share of `fee` at `bps` basis points, rounded down: the platform never pays a unit too much. */
export function shareOf(fee: bigint, bps: number): bigint {
  return (fee * BigInt(bps)) / 10_000n;
}

type LedgerPort = Pick<
  LedgerService,
  'transaction' | 'transfer' | 'unprocessedFeePostings' | 'postingHorizon' | 'horizonSettled'
>;

/** Where this job records each fee posting it has examined (its primary key is the posting id). */
const EXAMINED = { table: 'referral_fee_postings', postingIdColumn: 'posting_id' };

export interface FeeShareDeps {
  db: Db;
  clock: Clock;
  ledger: () => LedgerPort;
  accounts: () => AccountPort;
  config: ReferralConfig;
  log: Logger;
}

/**
 * The fee-share rule. For every posting that credits the fee account from an invitee's trade
 * (spot now; futures and cycle contracts post their fees the same way), the invitee's inviter gets
 * the level-1 share and the inviter's inviter the level-2 share, each as a ledger transfer
 * fees → the inviter's spot wallet. Exactly once per fee posting: the posting's row in
 * referral_fee_postings and its reward entries commit together, and its primary key refuses a
 * second run.
 */
export class FeeShareJob {
  private readonly deps: FeeShareDeps;
  private running: Promise<unknown> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Taken by the last batch: where the cursor may move once its writers are done. */
  private horizon: PostingHorizon | null = null;

  constructor(deps: FeeShareDeps) {
    this.deps = deps;
  }

  start(): void {
    this.timer = setInterval(
      () => void this.runOnce().catch((err) => this.deps.log.error({ err }, 'referral fee share failed')),
      this.deps.config.jobMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /** Examines every fee posting not examined yet (in batches); returns how many rewards were paid. */
  async runOnce(batch = 200): Promise<{ examined: number; rewards: number }> {
    // one run at a time in this process; other processes are kept out by the primary key
    while (this.running) await this.running.catch(() => {});
    const run = this.drain(batch);
    this.running = run;
    try {
      return await run;
    } finally {
      this.running = null;
    }
  }

  private async drain(batch: number) {
    let examined = 0;
    let rewards = 0;
    const failed = new Set<number>();
    // an inviter never changes: each payer of this run is read once, not once per fee they paid
    const inviters = new Map<number, Promise<number | null>>();
    // Postings up to the cursor were all examined before: only those above it are read. Each batch also takes a
    // horizon, and the one the batch before took, once settled, says up to where every posting is visible now;
    // once a batch has examined every posting it sees up to there, the cursor moves there (short of a posting
    // that failed: tried again next run). Moved batch by batch, not at the end of the run: on a busy exchange
    // new fees keep a run going, and a cursor that waited for its end read every fee since the run began,
    // again for each batch.
    let after = await this.cursor();
    for (;;) {
      const previous = this.horizon;
      this.horizon = await this.deps.ledger().postingHorizon(this.deps.db);
      const settled =
        previous && (await this.deps.ledger().horizonSettled(previous, this.deps.db)) ? previous.upTo : null;
      const limit = batch + failed.size;
      const read = await this.deps.ledger().unprocessedFeePostings(limit, EXAMINED, this.deps.db, after);
      const postings = read.filter((p) => !failed.has(p.postingId));
      const planned: Array<{ p: FeePosting; plan: Plan }> = [];
      for (const p of postings) {
        try {
          planned.push({ p, plan: await this.plan(p, inviters) });
        } catch (err) {
          failed.add(p.postingId);
          this.deps.log.error({ err, postingId: p.postingId }, 'referral reward could not be planned');
        }
      }
      // Most fees pay nothing (no inviter): a busy exchange makes two fee postings per trade, so those are
      // recorded together in one statement instead of one transaction each. Nothing is paid for them, so a
      // row another runner wrote first is simply kept. If the statement fails they go one by one below.
      const quiet = planned.filter((x) => x.plan.rewards.length === 0);
      const quietDone = quiet.length > 0 && (await this.recordQuiet(quiet));
      if (quietDone) examined += quiet.length;
      for (const { p, plan } of planned) {
        if (quietDone && plan.rewards.length === 0) continue;
        try {
          rewards += await this.process(p, plan);
          examined += 1;
        } catch (err) {
          if (isUniqueViolation(err)) continue; // another runner examined it first
          // left for the next run (e.g. the fee account was drained by hand); the others go on
          failed.add(p.postingId);
          this.deps.log.error({ err, postingId: p.postingId }, 'referral reward could not be paid');
        }
      }
      if (settled !== null) {
        // read in id order after the horizon settled: a full batch saw every unexamined posting up to its last
        // id, a short one every unexamined posting there is
        const seenUpTo = read.length === limit ? read[read.length - 1]!.postingId : settled;
        const below = Math.min(settled, seenUpTo, failed.size ? Math.min(...failed) - 1 : settled);
        if (below > after) {
          await this.moveCursor(below);
          after = below;
        }
      }
      if (postings.length === 0) break;
    }
    return { examined, rewards };
  }

  private async cursor(): Promise<number> {
    const [row] = await this.deps.db.select({ below: referralFeeCursor.below }).from(referralFeeCursor);
    return row?.below ?? 0;
  }

  /** Moves the cursor forward only (two runners in two processes may race; the higher one stands). */
  private async moveCursor(below: number): Promise<void> {
    await this.deps.db
      .update(referralFeeCursor)
      .set({ below: sql`greatest(${referralFeeCursor.below}, ${below})` })
      .where(eq(referralFeeCursor.id, 1));
  }

  /** Records fee postings that pay no reward, in one statement; false if it failed (logged). */
  private async recordQuiet(quiet: Array<{ p: FeePosting; plan: Plan }>): Promise<boolean> {
    const now = new Date(this.deps.clock.now());
    try {
      // one prepared statement of three arrays, however many postings: built by the query builder value by value,
      // this insert cost the server's main thread more than building all the orders' own statements
      await this.deps.db.execute(
        sql`${PREPARED}insert into referral_fee_postings (posting_id, payer_user_id, outcome, processed_at)
            select k.posting_id, k.payer_user_id, k.outcome, ${now.toISOString()}::timestamptz
            from unnest(${sql.param(quiet.map(({ p }) => String(p.postingId)))}::bigint[],
                        ${sql.param(quiet.map(({ p }) => (p.payerUserId === null ? null : String(p.payerUserId))))}::bigint[],
                        ${sql.param(quiet.map(({ plan }) => plan.outcome))}::text[]) as k(posting_id, payer_user_id, outcome)
            on conflict do nothing`,
      );
      return true;
    } catch (err) {
      this.deps.log.error({ err }, 'referral fee postings without reward could not be recorded together');
      return false;
    }
  }

  private async process(p: FeePosting, plan: Plan): Promise<number> {
    const now = new Date(this.deps.clock.now());
    const ledger = this.deps.ledger();
    return ledger.transaction(async (tx) => {
      await tx
        .insert(referralFeePostings)
        .values({ postingId: p.postingId, payerUserId: p.payerUserId, outcome: plan.outcome, processedAt: now });
      for (const r of plan.rewards) {
        const { transactionId } = await ledger.transfer(
          tx,
          'referral_reward',
          { system: 'fees', currency: p.currency },
          { userId: r.inviterId, currency: p.currency, wallet: 'spot' },
          r.amount,
          `fee_posting:${p.postingId}`,
          `level ${r.level} invite reward for user ${p.payerUserId}`,
        );
        await tx.insert(referralRewards).values({
          feePostingId: p.postingId,
          level: r.level,
          inviterId: r.inviterId,
          inviteeId: p.payerUserId!,
          currency: p.currency,
          feeAmount: p.amount,
          rateBps: r.bps,
          amount: r.amount,
          ledgerTransactionId: transactionId,
          createdAt: now,
        });
      }
      return plan.rewards.length;
    });
  }

  /** A user's inviter, read once per run. */
  private inviterOf(userId: number, inviters: Map<number, Promise<number | null>>): Promise<number | null> {
    let found = inviters.get(userId);
    if (!found) {
      found = this.deps
        .accounts()
        .getUser(userId)
        .then((u) => u?.inviterId ?? null);
      inviters.set(userId, found);
    }
    return found;
  }

  private async plan(p: FeePosting, inviters: Map<number, Promise<number | null>>): Promise<Plan> {
    if (NOT_TRADING.test(p.kind)) return { outcome: 'not_trading', rewards: [] };
    if (p.payerUserId === null) return { outcome: 'no_payer', rewards: [] };
    const level1 = await this.inviterOf(p.payerUserId, inviters);
    if (level1 === null) return { outcome: 'no_inviter', rewards: [] };
    const level2 = await this.inviterOf(level1, inviters);
    const rewards: Plan['rewards'] = [];
    const add = (level: 1 | 2, inviterId: number | null, bps: number) => {
      if (inviterId === null || inviterId === p.payerUserId) return;
      const amount = shareOf(p.amount, bps);
      if (amount > 0n) rewards.push({ level, inviterId, bps, amount });
    };
    add(1, level1, this.deps.config.level1Bps);
    add(2, level2, this.deps.config.level2Bps);
    return { outcome: rewards.length ? 'rewarded' : 'zero', rewards };
  }
}

interface Plan {
  outcome: FeePostingOutcome;
  rewards: Array<{ level: 1 | 2; inviterId: number; bps: number; amount: bigint }>;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
