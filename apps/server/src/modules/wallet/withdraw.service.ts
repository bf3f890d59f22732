import { eq } from 'drizzle-orm';
import type { Locale } from '@tidemark/contract';
import { parseUnits } from '@tidemark/contract/money';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest, notFound } from '../../platform/http/app-error.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { AuditService } from '../operator/audit.service.ts';
import { isValidAddress } from './addresses.ts';
import { propose, type ProposalExecutor } from './adjustment.service.ts';
import { amountOrFail, currencyOrFail, show } from './amounts.ts';
import { checkDepositLock } from './deposit-lock.ts';
import { chainRefused } from './chain-operations.ts';
import { chainOrFail } from './deposit.service.ts';
import { earlierResult, runOnce } from './idempotency.ts';
import { insufficientBalance } from './ledger.service.ts';
import { lockedDepositUnits, withdrawableUnits } from './locked-deposits.ts';
import type { CodeTicket } from '../common/code.service.ts';
import { checkWithdrawSecrets, spendCode, type SecretsInput } from './secrets-check.ts';
import { btcValueOf, checkPerTransaction, checkRollingLimits, lockUserWithdrawals } from './withdraw-limits.ts';
import { kycLevelOf, type WalletDeps } from './wallet-deps.ts';
import { assertWithdrawalSafe } from './withdraw-safety.ts';
import { withdrawals, type WithdrawalStatus } from './wallet.schema.ts';
import { recordsPage, type RecordsQuery } from './records-page.ts';
import { auditAct, type OperatorAct } from './operator-act.ts';

/** What is withdrawn, to where, and the client's id that makes a retry answer the first application. */
export interface WithdrawOrder {
  requestId: string;
  currency: string;
  chain: string;
  address: string;
  amount: string;
}

export interface WithdrawRequest extends WithdrawOrder, SecretsInput {}

/**
 * The owner's proof for one withdrawal, checked after the rules that need no secret and before the
 * amount is frozen. It answers the one-time code to spend with the application (null when none).
 */
export type ProveOwner = (to: { currency: string; chain: string; address: string }) => Promise<CodeTicket | null>;

export const kycRequired = () => new AppError(403, 'KYC_REQUIRED', 'withdraw.kycRequired');

/**
 * An on-chain withdrawal application: validated (address checksum, limits per transaction and
 * day, KYC 24-hour BTC limit, withdrawable balance), proven (fund password, code, TOTP), then the
 * amount is frozen. The answer is "withdrawal application successful"; an operator decides later.
 */
export async function applyWithdrawal(deps: WalletDeps, userId: number, body: WithdrawRequest, locale: Locale) {
  return applyProvenWithdrawal(deps, userId, body, locale, () =>
    checkWithdrawSecrets(deps.ctx, userId, body, locale, { needCode: true }),
  );
}

/**
 * The application under every rule but the proof of ownership, which the caller supplies: the app's
 * fund password and codes, or an API key's (key-withdraw.ts). One path, so no rule can be missed by one.
 */
export async function applyProvenWithdrawal(
  deps: WalletDeps,
  userId: number,
  body: WithdrawOrder,
  locale: Locale,
  prove: ProveOwner,
) {
  const currency = currencyOrFail(body.currency);
  const chain = chainOrFail(currency, body.chain);
  if (!isValidAddress(chain.format, body.address)) {
    throw badRequest('INVALID_ADDRESS', 'withdraw.invalidAddress', { chain: chain.chain }, 'address');
  }
  const amount = amountOrFail(body.amount, currency);
  const fee = parseUnits(chain.withdrawFee, currency.scale);

  const earlier = await earlierResult<Record<string, unknown>>(deps.ctx.db, userId, body.requestId, 'withdraw', body);
  if (earlier) return earlier.result;
  await assertWithdrawalSafe(deps, userId, locale, {
    currency: currency.code,
    chain: chain.chain,
    address: body.address,
  });

  const level = await kycLevelOf(deps.ctx, userId);
  checkPerTransaction('chain', currency, level, deps.config, amount);
  if (level === 'none') throw kycRequired();
  const ticket = await prove({ currency: currency.code, chain: chain.chain, address: body.address });
  const btcValue = btcValueOf(deps.prices, currency.code, amount);

  return runOnce(deps.ledger, userId, body.requestId, 'withdraw', body, async (tx) => {
    await lockUserWithdrawals(tx, userId);
    const now = deps.ctx.clock.now();
    await checkRollingLimits(tx, userId, level, currency, amount, btcValue, now);
    const spot = { userId, currency: currency.code, wallet: 'spot' as const };
    const balance = await deps.ledger.lockBalance(tx, spot);
    if (balance.available < amount) throw insufficientBalance(spot);
    const withdrawable = withdrawableUnits(balance.available, await lockedDepositUnits(tx, userId, currency.code));
    if (withdrawable < amount) {
      throw badRequest(
        'NOT_WITHDRAWABLE',
        'withdraw.notWithdrawable',
        { amount: show(withdrawable, currency), currency: currency.code },
        'amount',
      );
    }
    await checkDepositLock(deps, tx, userId, { currency, amount });
    const [w] = await tx
      .insert(withdrawals)
      .values({
        userId,
        currency: currency.code,
        chain: chain.chain,
        address: body.address,
        amount,
        fee,
        btcValue,
        status: 'pending',
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning();
    await deps.ledger.freeze(tx, 'withdraw.apply', spot, amount, `withdrawal:${w!.id}`);
    await spendCode(deps.ctx, ticket, tx);
    return { ...withdrawalView(w!), message: t(locale, 'withdraw.applied') };
  });
}

export function withdrawalView(w: typeof withdrawals.$inferSelect) {
  const amount = BigInt(w.amount);
  const fee = BigInt(w.fee);
  return {
    id: w.id,
    currency: w.currency,
    chain: w.chain,
    address: w.address,
    amount: show(amount, w.currency),
    fee: show(fee, w.currency),
    receive: show(amount - fee, w.currency),
    status: w.status,
    reason: w.reason,
    txHash: w.txHash,
    time: w.createdAt.getTime(),
  };
}

export async function withdrawalRecords(deps: WalletDeps, userId: number | null, q: RecordsQuery<WithdrawalStatus>) {
  return recordsPage(deps.ctx.db, withdrawals, userId, q, withdrawalView);
}

/** Loads a withdrawal for update and checks its state; a user only ever sees their own. */
async function lockWithdrawal(tx: Db, id: number, expect: WithdrawalStatus, userId?: number) {
  const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  if (!w || (userId !== undefined && w.userId !== userId)) throw notFound('withdraw.notFound');
  if (w.status !== expect) throw badRequest('WRONG_STATE', 'withdraw.wrongState', { status: w.status });
  return w;
}

async function setStatus(deps: WalletDeps, tx: Db, id: number, set: Partial<typeof withdrawals.$inferInsert>) {
  const [w] = await tx
    .update(withdrawals)
    .set({ ...set, updatedAt: new Date(deps.ctx.clock.now()) })
    .where(eq(withdrawals.id, id))
    .returning();
  return withdrawalView(w!);
}

/** The user withdraws their application while it waits: the funds are released. */
export async function cancelWithdrawal(deps: WalletDeps, userId: number, id: number) {
  return deps.ledger.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id, 'pending', userId);
    await deps.ledger.release(
      tx,
      'withdraw.cancel',
      { userId, currency: w.currency, wallet: 'spot' },
      BigInt(w.amount),
      `withdrawal:${id}`,
    );
    return setStatus(deps, tx, id, { status: 'cancelled' });
  });
}

/** Operator rejects with a reason: the funds are released. */
export async function rejectWithdrawal(
  deps: WalletDeps,
  audit: AuditService,
  op: OperatorAct,
  id: number,
  reason: string,
) {
  return deps.ledger.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id, 'pending');
    await deps.ledger.release(
      tx,
      'withdraw.reject',
      { userId: w.userId, currency: w.currency, wallet: 'spot' },
      BigInt(w.amount),
      `withdrawal:${id}`,
    );
    await auditAct(audit, op, 'withdrawal.reject', ['withdrawal', id], { reason }, tx);
    return setStatus(deps, tx, id, { status: 'rejected', reason, reviewedBy: op.operatorId });
  });
}

/**
 * Operator approves: the withdrawal is handed to the chain adapter and the frozen amount is
 * consumed — the network fee to the fee account, the rest to the hot wallet until the chain
 * confirms. A real chain's adapter signs and records the transfer inside this transaction and
 * broadcasts it only after the commit (`flush`): a transfer never reaches the chain for an approval
 * that did not commit, and one whose broadcast fails after the commit is sent again by the watcher.
 */
export async function approveWithdrawal(deps: WalletDeps, audit: AuditService, op: OperatorAct, id: number) {
  const sent = await approveIn(deps, audit, op, id);
  await deps.chains
    .adapterFor(sent.chain)
    .flush?.()
    .catch(() => undefined);
  return sent;
}

async function approveIn(deps: WalletDeps, audit: AuditService, op: OperatorAct, id: number) {
  return deps.ledger.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id, 'pending');
    const chain = deps.chains.adapterFor(w.chain);
    const amount = BigInt(w.amount);
    const fee = BigInt(w.fee);
    const { txHash } = await chain
      .send(
        {
          withdrawalId: id,
          currency: w.currency,
          chain: w.chain,
          address: w.address,
          amount: show(amount - fee, w.currency),
        },
        tx,
      )
      .catch((e: unknown) => {
        throw e instanceof AppError ? e : chainRefused(e);
      });
    await deps.ledger.settleFrozen(
      tx,
      'withdraw.send',
      { userId: w.userId, currency: w.currency, wallet: 'spot' },
      [
        { account: { system: 'hot_wallet', currency: w.currency }, amount: amount - fee },
        { account: { system: 'fees', currency: w.currency }, amount: fee },
      ],
      `withdrawal:${id}`,
    );
    await auditAct(audit, op, 'withdrawal.approve', ['withdrawal', id], { txHash, chain: chain.name }, tx);
    return setStatus(deps, tx, id, { status: 'sent', txHash, reviewedBy: op.operatorId });
  });
}

/** The chain confirmed a sent withdrawal: it leaves the hot wallet for the outside world. */
export async function confirmWithdrawal(
  deps: WalletDeps,
  audit: AuditService,
  operatorId: number | null,
  id: number,
  ip?: string,
) {
  return deps.ledger.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id, 'sent');
    const net = BigInt(w.amount) - BigInt(w.fee);
    await deps.ledger.transfer(
      tx,
      'withdraw.confirm',
      { system: 'hot_wallet', currency: w.currency },
      { system: 'outside_world', currency: w.currency },
      net,
      `withdrawal:${id}`,
    );
    await auditAct(audit, { operatorId, ip }, 'chain.confirm_withdrawal', ['withdrawal', id], { txHash: w.txHash }, tx);
    return setStatus(deps, tx, id, { status: 'completed' });
  });
}

/**
 * The chain dropped a sent withdrawal: the user gets the whole amount back, fee included. Called by
 * a chain adapter's watcher (operatorId null); an operator can only PROPOSE it (proposeWithdrawalFail)
 * and a second operator approves it, because it is a full refund.
 */
export async function failWithdrawal(
  deps: WalletDeps,
  audit: AuditService,
  operatorId: number | null,
  id: number,
  ip?: string,
) {
  return deps.ledger.transaction((tx) => failWithdrawalIn(deps, audit, tx, operatorId, id, ip));
}

async function failWithdrawalIn(
  deps: WalletDeps,
  audit: AuditService,
  tx: Db,
  operatorId: number | null,
  id: number,
  ip?: string,
  detail: Record<string, unknown> = {},
) {
  const w = await lockWithdrawal(tx, id, 'sent');
  const amount = BigInt(w.amount);
  const fee = BigInt(w.fee);
  await deps.ledger.post(tx, {
    kind: 'withdraw.fail',
    reference: `withdrawal:${id}`,
    movements: [
      { account: { system: 'hot_wallet', currency: w.currency }, available: -(amount - fee) },
      { account: { system: 'fees', currency: w.currency }, available: -fee },
      { account: { userId: w.userId, currency: w.currency, wallet: 'spot' }, available: amount },
    ],
  });
  await auditAct(
    audit,
    { operatorId, ip },
    'chain.fail_withdrawal',
    ['withdrawal', id],
    { txHash: w.txHash, ...detail },
    tx,
  );
  return setStatus(deps, tx, id, { status: 'failed' });
}

/** Refuses an operator's settlement of a withdrawal on a network a real chain serves (its watcher settles it). */
export async function assertSimulatedWithdrawal(deps: WalletDeps, id: number) {
  const [w] = await deps.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) throw notFound('withdraw.notFound');
  if (!deps.chains.isSimulated(w.chain))
    throw new AppError(403, 'REAL_CHAIN', 'withdraw.realChain', { chain: w.chain });
}

/** An operator proposes that a sent withdrawal failed on chain (a full refund, approved by a second operator). */
export async function proposeWithdrawalFail(deps: WalletDeps, audit: AuditService, op: OperatorAct, id: number) {
  const [w] = await deps.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) throw notFound('withdraw.notFound');
  if (w.status !== 'sent') throw badRequest('WRONG_STATE', 'withdraw.wrongState', { status: w.status });
  const proposal = await propose(deps, audit, op, {
    kind: 'withdrawal_fail',
    userId: w.userId,
    currency: w.currency,
    wallet: 'spot',
    amount: BigInt(w.amount),
    reason: `withdrawal ${id} failed on ${w.chain}: full refund`,
    payload: { withdrawalId: id, txHash: w.txHash },
  });
  return { approvalRequired: true, proposal };
}

/** The approval of a `withdrawal_fail` proposal: refunds it, naming both operators in the audit. */
export function withdrawalFailExecutor(deps: WalletDeps, audit: AuditService): ProposalExecutor {
  return async (tx, p, approver) => {
    const id = Number((p.payload as { withdrawalId: number }).withdrawalId);
    const result = await failWithdrawalIn(deps, audit, tx, approver.operatorId, id, approver.ip, {
      proposedBy: p.proposedBy,
      approvedBy: approver.operatorId,
      proposal: p.id,
    });
    return { result };
  };
}
