import { and, desc, eq, gte, like, lte, or, sql } from 'drizzle-orm';
import { badRequest } from '../../platform/http/app-error.ts';
import { currencyOf } from '../market/currencies.ts';
import { show } from './amounts.ts';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from './ledger.schema.ts';
import type { WalletDeps } from './wallet-deps.ts';

export const RECORD_TYPES = ['deposit', 'withdraw', 'bank', 'transfer', 'convert', 'adjustment'] as const;

export interface RecordsQuery {
  type?: (typeof RECORD_TYPES)[number] | undefined;
  currency?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  page: number;
  size: number;
}

const DAY = 86_400_000;

/** Checks a date range against the server's maximum number of days (spec §9); defaults to the last max days. */
export function rangeOrFail(
  from: number | undefined,
  to: number | undefined,
  now: number,
  maxDays: number,
): { from: number; to: number } {
  const end = to ?? now;
  const start = from ?? end - maxDays * DAY;
  if (end < start) throw badRequest('VALIDATION', 'wallet.badRange', undefined, 'to');
  if (end - start > maxDays * DAY) throw badRequest('VALIDATION', 'wallet.rangeTooLong', { days: maxDays }, 'from');
  return { from: start, to: end };
}

/** The user's ledger history (spec: /property/coinRecord): one row per posting on their accounts. */
export async function recordsOf(deps: WalletDeps, userId: number, q: RecordsQuery) {
  const { from, to } = rangeOrFail(q.from, q.to, deps.ctx.clock.now(), deps.config.recordsMaxDays);
  const conditions = [
    eq(ledgerAccounts.userId, userId),
    gte(ledgerTransactions.createdAt, new Date(from)),
    lte(ledgerTransactions.createdAt, new Date(to)),
  ];
  if (q.type) conditions.push(or(eq(ledgerTransactions.kind, q.type), like(ledgerTransactions.kind, `${q.type}.%`))!);
  if (q.currency) conditions.push(eq(ledgerPostings.currency, q.currency));
  const where = and(...conditions);
  const base = deps.ctx.db
    .select({
      id: ledgerPostings.id,
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
      memo: ledgerTransactions.memo,
      currency: ledgerPostings.currency,
      wallet: ledgerAccounts.wallet,
      available: ledgerPostings.availableDelta,
      frozen: ledgerPostings.frozenDelta,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId));
  const [count] = await deps.ctx.db
    .select({ n: sql<string>`count(*)` })
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(where);
  const rows = await base
    .where(where)
    .orderBy(desc(ledgerPostings.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return {
    total: Number(count?.n ?? 0),
    page: q.page,
    size: q.size,
    maxDays: deps.config.recordsMaxDays,
    items: rows.map((r) => ({
      id: r.id,
      type: r.kind.split('.')[0],
      kind: r.kind,
      reference: r.reference,
      memo: r.memo,
      currency: r.currency,
      wallet: r.wallet,
      available: currencyOf(r.currency) ? show(BigInt(r.available), r.currency) : String(r.available),
      frozen: currencyOf(r.currency) ? show(BigInt(r.frozen), r.currency) : String(r.frozen),
      time: r.createdAt.getTime(),
    })),
  };
}
