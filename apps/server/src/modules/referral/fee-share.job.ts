import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.ts';
import { PREPARED, type Db } from '../../platform/db/database.ts';
import type { FeePosting, LedgerService } from '../wallet/ledger.service.ts';
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

/** Where this job records the fee postings it has paid for, or examined above one it could not (primary key: the posting id). */
const EXAMINED = { table: 'referral_fee_postings', postingIdColumn: 'posting_id' };
/** How long a run waits for the transactions writing postings under its horizon to end, and how often it looks. */
const HORIZON_WAIT_MS = 1_000;
const HORIZON_POLL_MS = 10;

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
    // Postings up to the cursor were all examined before. This run reads those above it up to a horizon under
    // which every posting is committed or rolled back, in id order: so the cursor follows the reading, batch by
    // batch, and a posting that pays nothing needs no record of its own — nothing below the cursor is read again.
    // (Recorded one row per fee, two per trade, they were most of this job's cost to the database, and the table
    // grew with every trade of the exchange.) Only a posting that failed holds the cursor below it: the postings
    // that pay nothing above it are then recorded, so the next runs, which read from below it, skip them.
    const horizon = await this.settledHorizon();
    if (horizon === null) return { examined, rewards }; // a writer is still open: the next run
    let after = await this.cursor();
    let readAfter = after;
    for (;;) {
      const read = await this.deps.ledger().unprocessedFeePostings(batch, EXAMINED, this.deps.db, readAfter, horizon);
      if (read.length === 0) break;
      readAfter = read[read.length - 1]!.postingId;
      const planned: Array<{ p: FeePosting; plan: Plan }> = [];
      for (const p of read) {
        try {
          planned.push({ p, plan: await this.plan(p, inviters) });
        } catch (err) {
          failed.add(p.postingId);
          this.deps.log.error({ err, postingId: p.postingId }, 'referral reward could not be planned');
        }
      }
      for (const { p, plan } of planned) {
        if (plan.rewards.length === 0) continue;
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
      const quiet = planned.filter((x) => x.plan.rewards.length === 0);
      examined += quiet.length;
      // the lowest posting that failed in this run: the cursor stays below it
      const stuck = failed.size ? Math.min(...failed) : null;
      // if this record fails, the next run reads them again: more work, nothing paid twice
      if (stuck !== null) await this.recordQuiet(quiet.filter((x) => x.p.postingId > stuck));
      // a full batch saw every posting up to its last one, a short one every posting up to the horizon
      const seenUpTo = read.length === batch ? readAfter : horizon;
      const below = stuck === null ? seenUpTo : Math.min(seenUpTo, stuck - 1);
      if (below > after) {
        await this.moveCursor(below);
        after = below;
      }
      if (read.length < batch) break;
    }
    return { examined, rewards };
  }

  /**
   * The last posting id given out now, once every transaction that could still be writing one up to it has ended
   * (fee-postings.ts, `PostingHorizon`) — a money command's transaction lasts milliseconds; null if one is still
   * open after a while (a run later tries again).
   */
  private async settledHorizon(): Promise<number | null> {
    const ledger = this.deps.ledger();
    const horizon = await ledger.postingHorizon(this.deps.db);
    for (let waited = 0; ; waited += HORIZON_POLL_MS) {
      if (await ledger.horizonSettled(horizon, this.deps.db)) return horizon.upTo;
      if (waited >= HORIZON_WAIT_MS) return null;
      await new Promise((resolve) => setTimeout(resolve, HORIZON_POLL_MS));
    }
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

  /** Records fee postings that pay no reward, in one statement (a failure is logged). */
  private async recordQuiet(quiet: Array<{ p: FeePosting; plan: Plan }>): Promise<void> {
    if (quiet.length === 0) return;
    const now = new Date(this.deps.clock.now());
    try {
      // one prepared statement of three arrays, however many postings
      await this.deps.db.execute(
        sql`${PREPARED}insert into referral_fee_postings (posting_id, payer_user_id, outcome, processed_at)
            select k.posting_id, k.payer_user_id, k.outcome, ${now.toISOString()}::timestamptz
            from unnest(${sql.param(quiet.map(({ p }) => String(p.postingId)))}::bigint[],
                        ${sql.param(quiet.map(({ p }) => (p.payerUserId === null ? null : String(p.payerUserId))))}::bigint[],
                        ${sql.param(quiet.map(({ plan }) => plan.outcome))}::text[]) as k(posting_id, payer_user_id, outcome)
            on conflict do nothing`,
      );
    } catch (err) {
      this.deps.log.error({ err }, 'referral fee postings without reward could not be recorded');
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
