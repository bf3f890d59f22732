import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest, notFound } from '../../platform/http/app-error.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { Locale } from '@tidemark/contract';
import type { ResponsibleStatus } from '@tidemark/contract/responsible';
import type { AccountPort } from '../kyc/account-port.ts';
import type { ResponsibleConfig } from './responsible.config.ts';
import { responsibleExclusions, responsibleProfiles, type ExclusionPeriod } from './responsible.schema.ts';
import { extendedUntil, gradeQuiz, leverageCapFor, QUIZ } from './rules.ts';
import type { TradingGate } from './trading-gate.ts';
import { newestRowsOf } from '../../platform/db/row-reads.ts';

/** "2026-11-27 12:00 UTC": the same instant in every language (the app shows it in local time as well). */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export interface ResponsibleDeps {
  db: Db;
  clock: Clock;
  accounts: () => AccountPort;
  config: ResponsibleConfig;
  /** false (RESPONSIBLE_TRADING=off): no quiz and no age cap before orders; a cooling-off the user set still holds */
  enforced: boolean;
}

/**
 * Responsible trading (docs/decisions/0026-coupons-and-responsible-trading.md): the quiz, the young-account
 * leverage cap and the cooling-off. Published as the TradingGate the futures and cycle modules ask.
 */
export class ResponsibleService implements TradingGate {
  private readonly deps: ResponsibleDeps;

  constructor(deps: ResponsibleDeps) {
    this.deps = deps;
  }

  async status(userId: number, locale: Locale = 'en_us'): Promise<ResponsibleStatus> {
    const now = this.deps.clock.now();
    const profile = await this.profile(userId);
    const until = profile?.excludedUntil?.getTime() ?? null;
    return {
      enforced: this.deps.enforced,
      quizPassed: !!profile?.quizPassedAt,
      quizPassedAt: profile?.quizPassedAt?.getTime() ?? null,
      excludedUntil: until !== null && until > now ? until : null,
      leverageCap: await this.capOf(userId, now),
      quiz: QUIZ.map((q) => ({
        id: q.id,
        text: t(locale, `responsible.quiz.${q.id}.text`),
        options: q.options.map((o) => ({ id: o, label: t(locale, `responsible.quiz.${q.id}.${o}`) })),
      })),
    };
  }

  async submitQuiz(userId: number, answers: Record<string, string>, locale: Locale = 'en_us') {
    const result = gradeQuiz(answers);
    // why each wrong answer is wrong, so the retry teaches something
    const explanations = Object.fromEntries(result.wrong.map((id) => [id, t(locale, `responsible.quiz.${id}.why`)]));
    if (result.passed) {
      const now = new Date(this.deps.clock.now());
      await this.deps.db
        .insert(responsibleProfiles)
        .values({ userId, quizPassedAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: responsibleProfiles.userId,
          // the first pass is the one kept
          set: {
            quizPassedAt: sql`coalesce(${responsibleProfiles.quizPassedAt}, excluded.quiz_passed_at)`,
            updatedAt: now,
          },
        });
    }
    return { ...result, explanations, status: await this.status(userId, locale) };
  }

  /** Sets or extends the cooling-off; refuses to shorten one in force. */
  async exclude(userId: number, period: ExclusionPeriod, locale: Locale = 'en_us'): Promise<ResponsibleStatus> {
    await this.deps.db.transaction(async (tx) => {
      const nowMs = this.deps.clock.now();
      const now = new Date(nowMs);
      // two requests at once: the second reads the first one's end
      await tx.execute(sql`select pg_advisory_xact_lock(${0x726573}, ${userId})`);
      const [profile] = await tx.select().from(responsibleProfiles).where(eq(responsibleProfiles.userId, userId));
      const current = profile?.excludedUntil?.getTime() ?? null;
      const until = extendedUntil(current, nowMs, period);
      if (until === null) {
        throw badRequest('COOLING_OFF_NOT_SHORTER', 'responsible.cannotShorten', { until: utc(current!) }, 'period');
      }
      await tx
        .insert(responsibleProfiles)
        .values({ userId, excludedUntil: new Date(until), updatedAt: now })
        .onConflictDoUpdate({
          target: responsibleProfiles.userId,
          set: { excludedUntil: new Date(until), updatedAt: now },
        });
      await tx.insert(responsibleExclusions).values({ userId, period, until: new Date(until), createdAt: now });
    });
    return this.status(userId, locale);
  }

  /** The console's view of one user: status and every cooling-off they set. */
  async ofUser(userId: number) {
    if (!(await this.deps.accounts().getUser(userId))) throw notFound('responsible.userNotFound');
    const history = await newestRowsOf(this.deps.db, responsibleExclusions, userId, 100);
    const { quiz: _quiz, ...status } = await this.status(userId);
    return {
      ...status,
      exclusions: history.map((h) => ({ period: h.period, until: h.until.getTime(), setAt: h.createdAt.getTime() })),
    };
  }

  // ---- the gate -------------------------------------------------------------------------------

  async assertMayOpen(userId: number, product: 'futures' | 'cycle', leverage?: number): Promise<void> {
    const now = this.deps.clock.now();
    const profile = await this.profile(userId);
    const until = profile?.excludedUntil?.getTime() ?? null;
    if (until !== null && until > now) {
      throw new AppError(403, 'COOLING_OFF_ACTIVE', 'responsible.excluded', { until: utc(until) });
    }
    // the user's own cooling-off holds always; the quiz and the age cap only where enforced
    if (!this.deps.enforced) return;
    if (!profile?.quizPassedAt) {
      throw new AppError(403, 'RISK_QUIZ_REQUIRED', 'responsible.quizRequired');
    }
    if (product === 'futures' && leverage !== undefined) await this.assertLeverage(userId, leverage);
  }

  async assertLeverage(userId: number, leverage: number): Promise<void> {
    if (!this.deps.enforced) return;
    const cap = await this.capOf(userId, this.deps.clock.now());
    if (cap && leverage > cap.cap) {
      throw badRequest(
        'LEVERAGE_CAPPED',
        'responsible.leverageCapped',
        { cap: cap.cap, days: cap.days, until: utc(cap.until) },
        'leverage',
      );
    }
  }

  leverageCap(userId: number): Promise<{ cap: number; days: number; until: number } | null> {
    return this.capOf(userId, this.deps.clock.now());
  }

  private async capOf(userId: number, now: number) {
    if (!this.deps.enforced || this.deps.config.youngDays === 0) return null;
    const user = await this.deps.accounts().getUser(userId);
    if (!user) return null;
    const cap = leverageCapFor(user.createdAt.getTime(), now, this.deps.config);
    return cap ? { ...cap, days: this.deps.config.youngDays } : null;
  }

  private async profile(userId: number) {
    const [row] = await this.deps.db.select().from(responsibleProfiles).where(eq(responsibleProfiles.userId, userId));
    return row ?? null;
  }
}
