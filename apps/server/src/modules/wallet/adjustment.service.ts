import { desc, eq } from 'drizzle-orm';
import { badRequest, notFound } from '../../platform/http/app-error.ts';
import type { AuditService } from '../operator/audit.service.ts';
import { currencyOrFail, show } from './amounts.ts';
import type { AccountRef, SystemAccount } from './ledger.service.ts';
import type { UserWallet } from './ledger.schema.ts';
import type { WalletDeps } from './wallet-deps.ts';
import type { OperatorAct } from './withdraw.service.ts';
import { adjustments } from './wallet.schema.ts';
import { amountInput } from '../../platform/http/amount-input.ts';

export interface AdjustmentProposal {
  userId?: number | undefined;
  system?: SystemAccount | undefined;
  currency: string;
  wallet?: UserWallet | undefined;
  /** Signed decimal: positive credits the account, negative debits it. */
  amount: string;
  reason: string;
}

function view(a: typeof adjustments.$inferSelect) {
  return {
    id: a.id,
    userId: a.userId,
    system: a.systemName,
    currency: a.currency,
    wallet: a.wallet,
    amount: show(BigInt(a.amount), a.currency),
    reason: a.reason,
    status: a.status,
    proposedBy: a.proposedBy,
    decidedBy: a.decidedBy,
    transactionId: a.transactionId,
    time: a.createdAt.getTime(),
  };
}

/**
 * A manual balance correction needs two operators: one proposes it with a reason, a DIFFERENT one
 * approves it; only then is it posted — against the outside world (platform capital) — as a
 * journal entry whose memo is the reason. It can never take a balance below zero.
 */
export async function proposeAdjustment(deps: WalletDeps, audit: AuditService, op: OperatorAct, p: AdjustmentProposal) {
  const currency = currencyOrFail(p.currency);
  const amount = amountInput(p.amount, currency.scale, 'amount', { signed: true });
  if (amount === 0n) throw badRequest('VALIDATION', 'wallet.amountPositive', undefined, 'amount');
  return deps.ledger.transaction(async (tx) => {
    const [row] = await tx
      .insert(adjustments)
      .values({
        userId: p.userId ?? null,
        systemName: p.userId ? null : (p.system ?? null),
        currency: currency.code,
        wallet: p.userId ? (p.wallet ?? 'spot') : 'system',
        amount,
        reason: p.reason,
        status: 'pending',
        proposedBy: op.operatorId,
        createdAt: new Date(deps.ctx.clock.now()),
      })
      .returning();
    await audit.record(
      {
        operatorId: op.operatorId,
        action: 'adjustment.propose',
        targetType: 'adjustment',
        targetId: row!.id,
        detail: { ...view(row!) },
        ip: op.ip,
      },
      tx,
    );
    return view(row!);
  });
}

export async function decideAdjustment(
  deps: WalletDeps,
  audit: AuditService,
  op: OperatorAct,
  id: number,
  approve: boolean,
) {
  return deps.ledger.transaction(async (tx) => {
    const [a] = await tx.select().from(adjustments).where(eq(adjustments.id, id)).for('update');
    if (!a) throw notFound('adjust.notFound');
    if (a.status !== 'pending') throw badRequest('WRONG_STATE', 'adjust.notPending');
    if (a.proposedBy === op.operatorId) throw badRequest('SECOND_OPERATOR_REQUIRED', 'adjust.secondOperator');
    let transactionId: number | null = null;
    if (approve) {
      const amount = BigInt(a.amount);
      const target: AccountRef = a.userId
        ? { userId: a.userId, currency: a.currency, wallet: a.wallet as UserWallet }
        : { system: a.systemName as SystemAccount, currency: a.currency };
      ({ transactionId } = await deps.ledger.post(tx, {
        kind: 'adjustment',
        reference: `adjustment:${a.id}`,
        memo: a.reason,
        movements: [
          { account: target, available: amount },
          { account: { system: 'outside_world', currency: a.currency }, available: -amount },
        ],
      }));
    }
    const [row] = await tx
      .update(adjustments)
      .set({
        status: approve ? 'approved' : 'rejected',
        decidedBy: op.operatorId,
        decidedAt: new Date(deps.ctx.clock.now()),
        transactionId,
      })
      .where(eq(adjustments.id, id))
      .returning();
    await audit.record(
      {
        operatorId: op.operatorId,
        action: approve ? 'adjustment.approve' : 'adjustment.reject',
        targetType: 'adjustment',
        targetId: id,
        detail: { transactionId },
        ip: op.ip,
      },
      tx,
    );
    return view(row!);
  });
}

export async function listAdjustments(deps: WalletDeps, page: number, size: number) {
  const rows = await deps.ctx.db
    .select()
    .from(adjustments)
    .orderBy(desc(adjustments.id))
    .limit(size)
    .offset((page - 1) * size);
  return { items: rows.map(view) };
}
