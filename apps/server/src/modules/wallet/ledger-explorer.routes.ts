import { asciiText, idField, pageField } from '@tidemark/contract';
import { formatUnits } from '@tidemark/contract/money';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { csvField } from '../../platform/http/csv.ts';
import type { Api } from '../../platform/module.ts';
import { currencyOf } from '../market/currencies.ts';
import { resolveUser } from './admin.routes.ts';
import { custodyCheck } from './custody-check.ts';
import { ledgerCheck } from './ledger-check.ts';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from './ledger.schema.ts';
import type { WalletDeps } from './wallet-deps.ts';

/** The most postings one CSV export holds (an account's whole history on a busy account is larger). */
export const LEDGER_EXPORT_MAX = 50_000;

/** Minor units as the currency's decimal string; a currency no longer configured shows its raw units. */
const amount = (units: bigint | string, currency: string) => {
  const c = currencyOf(currency);
  return c ? formatUnits(BigInt(units), c.scale) : String(units);
};

const notFound = (field: string) => new AppError(404, 'NOT_FOUND', 'error.notFound', undefined, field);

async function postingsOf(db: Db, accountId: number, limit: number, offset: number) {
  return db
    .select({
      id: ledgerPostings.id,
      transactionId: ledgerPostings.transactionId,
      currency: ledgerPostings.currency,
      availableDelta: ledgerPostings.availableDelta,
      frozenDelta: ledgerPostings.frozenDelta,
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
      memo: ledgerTransactions.memo,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(eq(ledgerPostings.accountId, accountId))
    .orderBy(desc(ledgerPostings.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The ledger explorer (finance): accounts with their balance beside the sum of their postings, an
 * account's postings (paged, and as a formula-safe CSV), a transaction with every leg and its sum
 * per currency, and the reconciliation report — the very check `npm run ledger:check` runs, on one
 * consistent snapshot. Read only: the ledger changes through its own commands, never from here.
 */
export function registerLedgerExplorer(app: Api, ctx: AppContext, deps: WalletDeps): void {
  const finance = { preHandler: ctx.guards.operator('finance') };
  const tags = ['admin'];

  app.post(
    '/admin/ledger/accounts',
    {
      ...finance,
      schema: {
        tags,
        body: z
          .object({
            userId: idField.optional(),
            system: asciiText({ max: 40 }).min(1).optional(),
            currency: asciiText({ max: 10 }).toUpperCase().min(1).optional(),
            page: pageField,
            size: z.number().int().min(1).max(200).default(50),
          })
          .strict(),
      },
    },
    async (r) => {
      const b = r.body;
      const userId = b.userId === undefined ? undefined : await resolveUser(ctx, b.userId);
      const where: SQL | undefined = and(
        userId !== undefined ? eq(ledgerAccounts.userId, userId) : undefined,
        b.system ? eq(ledgerAccounts.systemName, b.system) : undefined,
        b.currency ? eq(ledgerAccounts.currency, b.currency) : undefined,
      );
      const posted = ctx.db
        .select({
          accountId: ledgerPostings.accountId,
          pa: sql<string>`sum(${ledgerPostings.availableDelta})`.as('pa'),
          pf: sql<string>`sum(${ledgerPostings.frozenDelta})`.as('pf'),
        })
        .from(ledgerPostings)
        .groupBy(ledgerPostings.accountId)
        .as('posted');
      const rows = await ctx.db
        .select({
          id: ledgerAccounts.id,
          owner: ledgerAccounts.owner,
          ownerKind: ledgerAccounts.ownerKind,
          userId: ledgerAccounts.userId,
          systemName: ledgerAccounts.systemName,
          currency: ledgerAccounts.currency,
          wallet: ledgerAccounts.wallet,
          available: ledgerAccounts.available,
          frozen: ledgerAccounts.frozen,
          pa: sql<string>`coalesce(${posted.pa}, 0)::text`,
          pf: sql<string>`coalesce(${posted.pf}, 0)::text`,
        })
        .from(ledgerAccounts)
        .leftJoin(posted, eq(posted.accountId, ledgerAccounts.id))
        .where(where)
        .orderBy(asc(ledgerAccounts.id))
        .limit(b.size)
        .offset((b.page - 1) * b.size);
      const [count] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerAccounts)
        .where(where);
      return {
        total: count?.n ?? 0,
        items: rows.map((a) => ({
          id: a.id,
          owner: a.owner,
          ownerKind: a.ownerKind,
          userId: a.userId,
          systemName: a.systemName,
          currency: a.currency,
          wallet: a.wallet,
          available: amount(a.available, a.currency),
          frozen: amount(a.frozen, a.currency),
          postedAvailable: amount(a.pa, a.currency),
          postedFrozen: amount(a.pf, a.currency),
          // the balance is a cache of its postings: any difference is a break the check reports too
          matches: a.available === BigInt(a.pa) && a.frozen === BigInt(a.pf),
        })),
      };
    },
  );

  app.post(
    '/admin/ledger/account',
    {
      ...finance,
      schema: {
        tags,
        body: z
          .object({ accountId: idField, page: pageField, size: z.number().int().min(1).max(200).default(50) })
          .strict(),
      },
    },
    async (r) => {
      const [account] = await ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, r.body.accountId));
      if (!account) throw notFound('accountId');
      const [count] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerPostings)
        .where(eq(ledgerPostings.accountId, account.id));
      const rows = await postingsOf(ctx.db, account.id, r.body.size, (r.body.page - 1) * r.body.size);
      return {
        account: {
          id: account.id,
          owner: account.owner,
          currency: account.currency,
          wallet: account.wallet,
          available: amount(account.available, account.currency),
          frozen: amount(account.frozen, account.currency),
        },
        total: count?.n ?? 0,
        postings: rows.map((p) => ({
          id: p.id,
          transactionId: p.transactionId,
          kind: p.kind,
          reference: p.reference,
          memo: p.memo,
          available: amount(p.availableDelta, p.currency),
          frozen: amount(p.frozenDelta, p.currency),
          time: p.createdAt.getTime(),
        })),
      };
    },
  );

  app.get(
    '/admin/ledger/account/export',
    {
      ...finance,
      config: { envelope: false },
      schema: {
        tags,
        querystring: z.object({ accountId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict(),
      },
    },
    async (r, reply) => {
      const [account] = await ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, r.query.accountId));
      if (!account) throw notFound('accountId');
      const rows = await postingsOf(ctx.db, account.id, LEDGER_EXPORT_MAX, 0);
      const lines = ['posting_id,transaction_id,time,kind,reference,memo,currency,available_delta,frozen_delta'];
      for (const p of rows) {
        lines.push(
          [
            p.id,
            p.transactionId,
            p.createdAt.toISOString(),
            p.kind,
            p.reference,
            p.memo,
            p.currency,
            amount(p.availableDelta, p.currency),
            amount(p.frozenDelta, p.currency),
          ]
            .map(csvField)
            .join(','),
        );
      }
      reply.skipEnvelope = true;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ledger-account-${account.id}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(`${lines.join('\n')}\n`);
    },
  );

  app.post(
    '/admin/ledger/transaction',
    { ...finance, schema: { tags, body: z.object({ transactionId: idField }).strict() } },
    async (r) => {
      const [tx] = await ctx.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.id, r.body.transactionId));
      if (!tx) throw notFound('transactionId');
      const legs = await ctx.db
        .select({
          id: ledgerPostings.id,
          accountId: ledgerPostings.accountId,
          currency: ledgerPostings.currency,
          availableDelta: ledgerPostings.availableDelta,
          frozenDelta: ledgerPostings.frozenDelta,
          owner: ledgerAccounts.owner,
          wallet: ledgerAccounts.wallet,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .where(eq(ledgerPostings.transactionId, tx.id))
        .orderBy(asc(ledgerPostings.id));
      const sums = new Map<string, bigint>();
      for (const l of legs) sums.set(l.currency, (sums.get(l.currency) ?? 0n) + l.availableDelta + l.frozenDelta);
      return {
        id: tx.id,
        kind: tx.kind,
        reference: tx.reference,
        memo: tx.memo,
        time: tx.createdAt.getTime(),
        postings: legs.map((l) => ({
          id: l.id,
          accountId: l.accountId,
          owner: l.owner,
          wallet: l.wallet,
          currency: l.currency,
          available: amount(l.availableDelta, l.currency),
          frozen: amount(l.frozenDelta, l.currency),
        })),
        sums: [...sums].map(([currency, sum]) => ({ currency, sum: amount(sum, currency), balanced: sum === 0n })),
      };
    },
  );

  // the same check as `npm run ledger:check` (one repeatable-read snapshot), then custody per chain
  app.post('/admin/ledger/check', { ...finance, schema: { tags } }, async () => {
    const check = await ctx.db.transaction((tx) => ledgerCheck(tx as unknown as Db), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    const custody = await custodyCheck(deps);
    const problems = [...check.problems, ...custody.problems];
    return { ...check, ok: problems.length === 0, problems, custody: custody.lines, checkedAt: ctx.clock.now() };
  });
}
