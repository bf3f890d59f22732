import { and, desc, eq, gte, inArray, like, lte, sql } from 'drizzle-orm';
import type { Locale } from '@tidemark/contract';
import { AppError } from '../../platform/http/app-error.ts';
import { formatUntil } from '../../platform/security/attempt-guard.ts';
import { idempotencyKeys } from './ledger.schema.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { withdrawalAddresses, withdrawals, type WithdrawalStatus } from './wallet.schema.ts';
import { sameAddress } from './withdraw-safety.ts';
import { applyProvenWithdrawal, withdrawalView } from './withdraw.service.ts';

/** Keeps a bot's client ids apart from the app's request ids (both live in the same idempotency table). */
const KEY_REQUEST = 'apikey:';

export type { WithdrawalStatus };

export interface KeyWithdrawOrder {
  /** The bot's idempotent id (Binance's withdrawOrderId). */
  clientId: string;
  currency: string;
  chain: string;
  address: string;
  amount: string;
}

export type KeyWithdrawal = ReturnType<typeof withdrawalView> & { clientId: string | null };

/** What the bot API may ask of the wallet (published as `ctx.services.keyWithdrawals`). */
export interface KeyWithdrawals {
  apply(userId: number, order: KeyWithdrawOrder, locale: Locale): Promise<{ id: number }>;
  records(
    userId: number,
    q: { currency?: string | undefined; status?: WithdrawalStatus | undefined; from?: number; to?: number },
    page: { offset: number; limit: number },
  ): Promise<KeyWithdrawal[]>;
}

export function keyWithdrawals(deps: WalletDeps): KeyWithdrawals {
  return {
    apply: (userId, order, locale) => applyKeyWithdrawal(deps, userId, order, locale),
    records: (userId, q, page) => keyWithdrawalRecords(deps, userId, q, page),
  };
}

/**
 * A withdrawal ordered with an API key that holds the active withdraw permission. The key's signature
 * stands for the fund password and the one-time codes; the second factor is the address book: the
 * address must have been saved in the app (behind those secrets) and waited out the new-address
 * cool-down. Having withdrawn to it before is not enough here, unlike in the app.
 */
export async function applyKeyWithdrawal(deps: WalletDeps, userId: number, order: KeyWithdrawOrder, locale: Locale) {
  const { clientId, ...rest } = order;
  const result = await applyProvenWithdrawal(
    deps,
    userId,
    { ...rest, requestId: `${KEY_REQUEST}${clientId}` },
    locale,
    async (to) => {
      await assertSavedAndCooled(deps, userId, to);
      return null;
    },
  );
  return { id: Number((result as { id: number }).id) };
}

async function assertSavedAndCooled(deps: WalletDeps, userId: number, to: { chain: string; address: string }) {
  const cooldownMs = Math.max(0, deps.ctx.config.withdrawAddressCooldownMs);
  const hours = Math.round(cooldownMs / 3600_000);
  const [saved] = await deps.ctx.db
    .select({ createdAt: withdrawalAddresses.createdAt })
    .from(withdrawalAddresses)
    .where(
      and(
        eq(withdrawalAddresses.userId, userId),
        eq(withdrawalAddresses.chain, to.chain),
        sameAddress(withdrawalAddresses.address, to.address),
      ),
    )
    .orderBy(withdrawalAddresses.createdAt)
    .limit(1);
  if (!saved) throw new AppError(403, 'ADDRESS_NOT_SAVED', 'withdraw.addressNotSaved', undefined, 'address');
  const usableAt = saved.createdAt.getTime() + cooldownMs;
  if (usableAt > deps.ctx.clock.now()) {
    throw new AppError(
      403,
      'ADDRESS_COOLING',
      'security.addressCooling',
      { until: formatUntil(usableAt), hours },
      'address',
    );
  }
}

/** The user's on-chain withdrawals, newest first, with the bot's client id of those a key ordered. */
export async function keyWithdrawalRecords(
  deps: WalletDeps,
  userId: number,
  q: { currency?: string | undefined; status?: WithdrawalStatus | undefined; from?: number; to?: number },
  page: { offset: number; limit: number },
): Promise<KeyWithdrawal[]> {
  const conds = [eq(withdrawals.userId, userId)];
  if (q.currency) conds.push(eq(withdrawals.currency, q.currency));
  if (q.status) conds.push(eq(withdrawals.status, q.status));
  if (q.from !== undefined) conds.push(gte(withdrawals.createdAt, new Date(q.from)));
  if (q.to !== undefined) conds.push(lte(withdrawals.createdAt, new Date(q.to)));
  const rows = await deps.ctx.db
    .select()
    .from(withdrawals)
    .where(and(...conds))
    .orderBy(desc(withdrawals.id))
    .limit(page.limit)
    .offset(page.offset);
  if (!rows.length) return [];
  const withdrawalId = sql<string>`${idempotencyKeys.result}->>'id'`;
  const ids = await deps.ctx.db
    .select({ requestId: idempotencyKeys.requestId, withdrawalId })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.command, 'withdraw'),
        like(idempotencyKeys.requestId, `${KEY_REQUEST}%`),
        inArray(
          withdrawalId,
          rows.map((r) => String(r.id)),
        ),
      ),
    );
  const clientIds = new Map(ids.map((r) => [Number(r.withdrawalId), r.requestId.slice(KEY_REQUEST.length)]));
  return rows.map((w) => ({ ...withdrawalView(w), clientId: clientIds.get(w.id) ?? null }));
}
