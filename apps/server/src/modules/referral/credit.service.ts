import { desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/app-error.ts';
import type { AuditService } from '../operator/audit.service.ts';
import type { AccountPort } from '../kyc/account-port.ts';
import { CREDIT_SCORE_START } from './referral.config.ts';
import { creditScoreChanges } from './referral.schema.ts';
import { newestRowsOf } from '../../platform/db/row-reads.ts';

export interface CreditDeps {
  db: Db;
  clock: Clock;
  accounts: () => AccountPort;
  audit: AuditService;
}

/**
 * The credit score (spec §3). It starts at CREDIT_SCORE_START, changes only by an operator's hand,
 * always with a reason the user sees, and is audited. Nothing else in the platform reads it to
 * decide anything: it is shown, never used behind the user's back.
 */
export class CreditService {
  private readonly deps: CreditDeps;

  constructor(deps: CreditDeps) {
    this.deps = deps;
  }

  async ofUser(userId: number) {
    const user = await this.deps.accounts().getUser(userId);
    if (!user) throw notFound();
    const history = await newestRowsOf(this.deps.db, creditScoreChanges, userId, 200);
    return {
      score: user.creditScore,
      start: CREDIT_SCORE_START,
      history: history.map((h) => ({ from: h.fromScore, to: h.toScore, reason: h.reason, at: h.createdAt.getTime() })),
    };
  }

  async set(input: { operatorId: number; userId: number; score: number; reason: string; ip: string }) {
    // read before the transaction: on embedded PGlite a query outside an open transaction would wait for it
    const user = await this.deps.accounts().getUser(input.userId);
    if (!user) throw notFound('credit.userNotFound');
    return this.deps.db.transaction(async (tx) => {
      // two operators changing one score at once: the second sees the first one's result as "from"
      await tx.execute(sql`select pg_advisory_xact_lock(${0x637265}, ${input.userId})`);
      const from = await this.currentScore(tx, input.userId, user.creditScore);
      await this.deps.accounts().setCreditScore(input.userId, input.score, tx);
      await tx.insert(creditScoreChanges).values({
        userId: input.userId,
        fromScore: from,
        toScore: input.score,
        reason: input.reason,
        operatorId: input.operatorId,
        createdAt: new Date(this.deps.clock.now()),
      });
      await this.deps.audit.record(
        {
          operatorId: input.operatorId,
          action: 'credit.set',
          targetType: 'user',
          targetId: input.userId,
          detail: { from, to: input.score, reason: input.reason },
          ip: input.ip,
        },
        tx,
      );
      return { userId: input.userId, from, to: input.score, reason: input.reason };
    });
  }

  /** The score as of this transaction: the last recorded change, else the account's value. */
  private async currentScore(tx: Db, userId: number, accountScore: number): Promise<number> {
    const [last] = await tx
      .select({ to: creditScoreChanges.toScore })
      .from(creditScoreChanges)
      .where(eq(creditScoreChanges.userId, userId))
      .orderBy(desc(creditScoreChanges.id))
      .limit(1);
    return last?.to ?? accountScore;
  }
}
