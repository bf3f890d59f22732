import { desc, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import { idField, pageField, text, pageSizeField } from '@tidemark/contract';
import { z } from 'zod';
import { service, type AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import { OPERATOR_FREEZE, type AccountProtection } from './account-protection.service.ts';
import { users } from './user.schema.ts';

/** The statuses an operator may set; login refuses `frozen` (the database allows only these two). */
export const USER_STATUSES = ['active', 'frozen'] as const;

const reason = text({ max: 500, multiline: true }).min(1);
const userId = idField;

/** What the console needs to recognise a user in a list (no secrets, no hashes). */
function listView(row: typeof users.$inferSelect) {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone ? `+${row.phoneCountry ?? ''} ${row.phone}` : null,
    inviteCode: row.inviteCode,
    status: row.status,
    creditScore: row.creditScore,
    createdAt: row.createdAt.getTime(),
  };
}

/** LIKE patterns take the operator's text literally: % and _ are not wildcards here. */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

async function userRow(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError(404, 'NOT_FOUND', 'error.notFound', undefined, 'userId');
  return row;
}

/**
 * The back office's user calls: search, the profile behind the user page, and the account actions
 * (end a session, pause withdrawals, disable the account). Reading is for every desk that answers
 * users; the actions belong to compliance (support may end a session, as a user asks it to on the
 * phone). Every action is audited in the transaction that makes it.
 */
export function registerAccountAdmin(app: Api, ctx: AppContext, protection: AccountProtection): void {
  const viewers = { preHandler: ctx.guards.operator('finance', 'support', 'compliance') };
  const compliance = { preHandler: ctx.guards.operator('compliance') };
  const sessionDesk = { preHandler: ctx.guards.operator('support', 'compliance') };
  const tags = ['admin'];
  const audit = () => service(ctx, 'audit');

  app.post(
    '/admin/users/search',
    {
      ...viewers,
      schema: {
        tags,
        body: z
          .object({
            query: text({ max: 254 }).default(''),
            page: pageField,
            size: pageSizeField,
          })
          .strict(),
      },
    },
    async (r) => {
      const q = r.body.query;
      const where: SQL | undefined = q
        ? or(
            ...(/^\d{1,15}$/.test(q) ? [eq(users.id, Number(q))] : []),
            ilike(users.email, `%${literal(q.toLowerCase())}%`),
            like(sql`coalesce(${users.phoneCountry}, '') || ${users.phone}`, `%${literal(q.replace(/[\s+-]/g, ''))}%`),
            eq(users.inviteCode, q.toUpperCase()),
          )
        : undefined;
      const rows = await ctx.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.id))
        .limit(r.body.size)
        .offset((r.body.page - 1) * r.body.size);
      const [count] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where);
      return { items: rows.map(listView), total: count?.n ?? 0, page: r.body.page, size: r.body.size };
    },
  );

  app.post('/admin/users/detail', { ...viewers, schema: { tags, body: z.object({ userId }).strict() } }, async (r) => {
    const row = await userRow(ctx.db, r.body.userId);
    const freeze = await protection.withdrawFreezeOf(row.id);
    const kyc = ctx.services.kyc;
    const sessions = await ctx.sessions.listActive('user', row.id);
    return {
      ...listView(row),
      inviterId: row.inviterId,
      totpEnabled: row.totpEnabled,
      fundPasswordSet: row.fundPasswordHash !== null,
      withdrawFreeze: freeze && { until: freeze.until, byOperator: freeze.change === OPERATOR_FREEZE },
      kyc: kyc ? await kyc.status(row.id) : null,
      sessions: sessions.map((s) => ({
        id: s.id,
        createdAt: s.createdAt.getTime(),
        lastSeenAt: s.lastSeenAt.getTime(),
        userAgent: s.userAgent,
        ip: s.ip,
      })),
    };
  });

  app.post(
    '/admin/users/sessions/revoke',
    { ...sessionDesk, schema: { tags, body: z.object({ userId, sessionId: idField }).strict() } },
    async (r) => {
      const ended = await ctx.sessions.revoke('user', r.body.userId, r.body.sessionId);
      if (!ended) throw new AppError(404, 'NOT_FOUND', 'error.notFound', undefined, 'sessionId');
      await audit().record({
        operatorId: r.operator!.id,
        action: 'user.session.revoke',
        targetType: 'user',
        targetId: r.body.userId,
        detail: { sessionId: r.body.sessionId },
        ip: r.ip,
      });
      return { revoked: true };
    },
  );

  // a pause with no end that only an operator lifts; a freeze after a security change runs its course
  app.post(
    '/admin/users/withdrawals/freeze',
    { ...compliance, schema: { tags, body: z.object({ userId, frozen: z.boolean(), reason }).strict() } },
    async (r) => {
      const row = await userRow(ctx.db, r.body.userId);
      await ctx.db.transaction(async (tx) => {
        if (r.body.frozen) await protection.freezeWithdrawalsByOperator(row.id, tx);
        else await protection.liftOperatorFreeze(row.id, tx);
        await audit().record(
          {
            operatorId: r.operator!.id,
            action: r.body.frozen ? 'user.withdrawals.freeze' : 'user.withdrawals.unfreeze',
            targetType: 'user',
            targetId: row.id,
            detail: { reason: r.body.reason },
            ip: r.ip,
          },
          tx,
        );
      });
      const freeze = await protection.withdrawFreezeOf(row.id);
      return { withdrawFreeze: freeze && { until: freeze.until, byOperator: freeze.change === OPERATOR_FREEZE } };
    },
  );

  // disabling signs the user out everywhere at once; the login refuses a status other than active
  app.post(
    '/admin/users/status',
    { ...compliance, schema: { tags, body: z.object({ userId, status: z.enum(USER_STATUSES), reason }).strict() } },
    async (r) => {
      const row = await userRow(ctx.db, r.body.userId);
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ status: r.body.status, updatedAt: new Date(ctx.clock.now()) })
          .where(eq(users.id, row.id));
        await audit().record(
          {
            operatorId: r.operator!.id,
            action: 'user.status',
            targetType: 'user',
            targetId: row.id,
            detail: { before: row.status, after: r.body.status, reason: r.body.reason },
            ip: r.ip,
          },
          tx,
        );
      });
      if (r.body.status !== 'active') await ctx.sessions.revokeAll('user', row.id);
      return { status: r.body.status };
    },
  );
}
