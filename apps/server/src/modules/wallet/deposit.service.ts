import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../platform/http/app-error.ts';
import type { Db } from '../../platform/db/database.ts';
import { chainOf, type CurrencyConfig } from '../market/currencies.ts';
import type { AuditService } from '../operator/audit.service.ts';
import { amountOrFail, currencyOrFail, show } from './amounts.ts';
import { deriveDepositAddress } from './addresses.ts';
import { depositAddresses, deposits } from './wallet.schema.ts';
import { CREDIT_CONFIRMATIONS, UNLOCK_CONFIRMATIONS } from './wallet.config.ts';
import type { WalletDeps } from './wallet-deps.ts';

export function chainOrFail(currency: CurrencyConfig, chain: string) {
  const c = chainOf(currency.code, chain);
  if (!c) throw badRequest('UNKNOWN_CHAIN', 'wallet.unknownChain', { currency: currency.code }, 'chain');
  return c;
}

/** The user's own deposit address on a chain (the same for every currency on that chain's format). */
export async function depositAddress(deps: WalletDeps, userId: number, body: { currency: string; chain: string }) {
  const currency = currencyOrFail(body.currency);
  const chain = chainOrFail(currency, body.chain);
  const address = deriveDepositAddress(deps.config.addressSeed, chain.format, userId);
  await deps.ctx.db
    .insert(depositAddresses)
    .values({ userId, format: chain.format, address, createdAt: new Date(deps.ctx.clock.now()) })
    .onConflictDoNothing();
  return {
    currency: currency.code,
    chain: chain.chain,
    address,
    minDeposit: chain.minDeposit,
    creditConfirmations: CREDIT_CONFIRMATIONS,
    unlockConfirmations: UNLOCK_CONFIRMATIONS,
    simulated: true,
  };
}

function depositView(d: typeof deposits.$inferSelect) {
  return {
    id: d.id,
    currency: d.currency,
    chain: d.chain,
    address: d.address,
    txHash: d.txHash,
    amount: show(BigInt(d.amount), d.currency),
    confirmations: d.confirmations,
    status: d.status,
    withdrawable: d.status === 'confirmed',
    time: d.createdAt.getTime(),
  };
}

export async function depositRecords(
  deps: WalletDeps,
  userId: number | null,
  q: { page: number; size: number; status?: string | undefined },
) {
  const conds = [];
  if (userId !== null) conds.push(eq(deposits.userId, userId));
  if (q.status) conds.push(eq(deposits.status, q.status as 'pending'));
  const where = conds.length ? and(...conds) : undefined;
  const [count] = await deps.ctx.db
    .select({ n: sql<string>`count(*)` })
    .from(deposits)
    .where(where);
  const rows = await deps.ctx.db
    .select()
    .from(deposits)
    .where(where)
    .orderBy(desc(deposits.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return {
    total: Number(count?.n ?? 0),
    items: rows.map((d) => ({ ...depositView(d), userId: userId === null ? d.userId : undefined })),
  };
}

export interface SimulatedDeposit {
  userId: number;
  currency: string;
  chain: string;
  amount: string;
  confirmations?: number | undefined;
  txHash?: string | undefined;
}

/**
 * The simulated chain's incoming transfer to the user's deposit address (operator API and
 * `npm run chain:deposit`), audited. It is credited once it has CREDIT_CONFIRMATIONS.
 */
export async function simulateDeposit(
  deps: WalletDeps,
  audit: AuditService,
  operatorId: number | null,
  input: SimulatedDeposit,
  ip?: string,
) {
  const currency = currencyOrFail(input.currency);
  const chain = chainOrFail(currency, input.chain);
  const amount = amountOrFail(input.amount, currency);
  if (amount < amountOrFail(chain.minDeposit, currency)) {
    throw badRequest(
      'VALIDATION',
      'deposit.belowMinimum',
      { min: chain.minDeposit, currency: currency.code },
      'amount',
    );
  }
  const address = (await depositAddress(deps, input.userId, { currency: currency.code, chain: chain.chain })).address;
  const txHash = input.txHash ?? `0x${crypto.randomBytes(32).toString('hex')}`;
  return deps.ledger.transaction(async (tx) => {
    const inserted = await tx
      .insert(deposits)
      .values({
        userId: input.userId,
        currency: currency.code,
        chain: chain.chain,
        address,
        txHash,
        amount,
        confirmations: 0,
        status: 'pending',
        createdBy: operatorId,
        createdAt: new Date(deps.ctx.clock.now()),
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted.length) throw badRequest('CONFLICT', 'deposit.txExists', undefined, 'txHash');
    await audit.record(
      {
        operatorId,
        action: 'chain.deposit',
        targetType: 'deposit',
        targetId: inserted[0]!.id,
        detail: {
          userId: input.userId,
          currency: currency.code,
          chain: chain.chain,
          amount: show(amount, currency),
          txHash,
        },
        ip,
      },
      tx,
    );
    const d = await advance(deps, tx, inserted[0]!.id, input.confirmations ?? 0);
    return depositView(d);
  });
}

/** Sets a deposit's confirmations (never lowers them) and credits / unlocks it when the thresholds pass. */
export async function confirmDeposit(
  deps: WalletDeps,
  audit: AuditService,
  operatorId: number | null,
  depositId: number,
  confirmations: number,
  ip?: string,
) {
  return deps.ledger.transaction(async (tx) => {
    const d = await advance(deps, tx, depositId, confirmations);
    await audit.record(
      {
        operatorId,
        action: 'chain.confirm_deposit',
        targetType: 'deposit',
        targetId: depositId,
        detail: { confirmations: d.confirmations, status: d.status },
        ip,
      },
      tx,
    );
    return depositView(d);
  });
}

async function advance(deps: WalletDeps, tx: Db, depositId: number, confirmations: number) {
  const [d] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
  if (!d) throw notFound('deposit.notFound');
  const conf = Math.max(d.confirmations, confirmations);
  const now = new Date(deps.ctx.clock.now());
  let status = d.status;
  let creditedAt = d.creditedAt;
  let confirmedAt = d.confirmedAt;
  if (status === 'pending' && conf >= CREDIT_CONFIRMATIONS) {
    await deps.ledger.transfer(
      tx,
      'deposit',
      { system: 'outside_world', currency: d.currency },
      { userId: d.userId, currency: d.currency, wallet: 'spot' },
      BigInt(d.amount),
      `deposit:${d.id}`,
      `${d.chain} ${d.txHash}`,
    );
    status = 'credited';
    creditedAt = now;
  }
  if (status === 'credited' && conf >= UNLOCK_CONFIRMATIONS) {
    status = 'confirmed';
    confirmedAt = now;
  }
  const [updated] = await tx
    .update(deposits)
    .set({ confirmations: conf, status, creditedAt, confirmedAt })
    .where(eq(deposits.id, depositId))
    .returning();
  return updated!;
}
