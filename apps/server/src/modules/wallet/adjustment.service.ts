import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/http/app-error.ts';
import type { AuditService } from '../operator/audit.service.ts';
import { currencyOrFail, show } from './amounts.ts';
import type { AccountRef, SystemAccount } from './ledger.service.ts';
import type { UserWallet } from './ledger.schema.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { auditAct, type OperatorAct } from './operator-act.ts';
import { adjustments, type ProposalKind } from './wallet.schema.ts';
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

type ProposalRow = typeof adjustments.$inferSelect;

function view(a: ProposalRow) {
  return {
    id: a.id,
    kind: a.kind,
    userId: a.userId,
    system: a.systemName,
    currency: a.currency,
    wallet: a.wallet,
    amount: show(BigInt(a.amount), a.currency),
    reason: a.reason,
    payload: a.payload,
    status: a.status,
    proposedBy: a.proposedBy,
    decidedBy: a.decidedBy,
    transactionId: a.transactionId,
    time: a.createdAt.getTime(),
  };
}

/** The audit action of a proposal's step: adjustments keep their historical names. */
const actionOf = (kind: ProposalKind, step: 'propose' | 'approve' | 'reject') => `${kind}.${step}`;

/**
 * The four-eyes mechanism: one operator proposes an operation, a DIFFERENT one approves it, and
 * only then does it act — in the approval's transaction, audited at both steps (the database also
 * refuses `decided_by = proposed_by`). Kinds:
 * - `adjustment`: a manual balance correction, posted against the outside world with the reason
 *   as the journal memo; it can never take a balance below zero;
 * - `simulated_deposit`: an operator's test deposit worth more than SIMULATED_DEPOSIT_FOUR_EYES_ABOVE;
 * - `withdrawal_fail`: marking a sent withdrawal as failed, which refunds it in full.
 * What a non-adjustment kind does on approval is handed in by the caller (admin.routes.ts), so
 * this file knows no other service.
 */
export async function propose(
  deps: WalletDeps,
  audit: AuditService,
  op: OperatorAct,
  p: {
    kind: ProposalKind;
    userId: number | null;
    system?: SystemAccount | null;
    currency: string;
    wallet: string;
    amount: bigint;
    reason: string;
    payload?: Record<string, unknown>;
  },
) {
  return deps.ledger.transaction(async (tx) => {
    const [row] = await tx
      .insert(adjustments)
      .values({
        kind: p.kind,
        userId: p.userId,
        systemName: p.userId ? null : (p.system ?? null),
        currency: p.currency,
        wallet: p.wallet,
        amount: p.amount,
        reason: p.reason,
        payload: p.payload ?? null,
        status: 'pending',
        proposedBy: op.operatorId,
        createdAt: new Date(deps.ctx.clock.now()),
      })
      .returning();
    await auditAct(audit, op, actionOf(p.kind, 'propose'), ['adjustment', row!.id], { ...view(row!) }, tx);
    return view(row!);
  });
}

/** A manual balance correction, proposed with a reason (approved by another operator). */
export async function proposeAdjustment(deps: WalletDeps, audit: AuditService, op: OperatorAct, p: AdjustmentProposal) {
  const currency = currencyOrFail(p.currency);
  const amount = amountInput(p.amount, currency.scale, 'amount', { signed: true });
  if (amount === 0n) throw badRequest('VALIDATION', 'wallet.amountPositive', undefined, 'amount');
  return propose(deps, audit, op, {
    kind: 'adjustment',
    userId: p.userId ?? null,
    system: p.system ?? null,
    currency: currency.code,
    wallet: p.userId ? (p.wallet ?? 'spot') : 'system',
    amount,
    reason: p.reason,
  });
}

/** What an approved proposal of another kind does, inside the approval's transaction. */
export type ProposalExecutor = (
  tx: Db,
  proposal: ProposalRow,
  approver: OperatorAct,
) => Promise<{ transactionId?: number | null; result?: unknown }>;

export async function decideAdjustment(
  deps: WalletDeps,
  audit: AuditService,
  op: OperatorAct,
  id: number,
  approve: boolean,
  executors: Partial<Record<ProposalKind, ProposalExecutor>> = {},
) {
  return deps.ledger.transaction(async (tx) => {
    const [a] = await tx.select().from(adjustments).where(eq(adjustments.id, id)).for('update');
    if (!a) throw notFound('adjust.notFound');
    if (a.status !== 'pending') throw badRequest('WRONG_STATE', 'adjust.notPending');
    if (a.proposedBy === op.operatorId) throw badRequest('SECOND_OPERATOR_REQUIRED', 'adjust.secondOperator');
    let transactionId: number | null = null;
    let result: unknown;
    if (approve && a.kind === 'adjustment') {
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
    } else if (approve) {
      const execute = executors[a.kind];
      if (!execute) throw new Error(`no executor for proposals of kind ${a.kind}`);
      const done = await execute(tx, a, op);
      transactionId = done.transactionId ?? null;
      result = done.result;
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
    await auditAct(
      audit,
      op,
      actionOf(a.kind, approve ? 'approve' : 'reject'),
      ['adjustment', id],
      { transactionId, kind: a.kind },
      tx,
    );
    return result === undefined ? view(row!) : { ...view(row!), result };
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
