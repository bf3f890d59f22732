import type { BankWithdrawRequest } from '@tidemark/contract/wallet';
import { eq } from 'drizzle-orm';
import type { Locale } from '@tidemark/contract';
import { feeOf, parseRate } from '@tidemark/contract/money';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/http/app-error.ts';
import { t } from '../../platform/i18n/messages.ts';
import { currencyOf } from '../market/currencies.ts';
import type { AuditService } from '../operator/audit.service.ts';
import { amountOrFail, show } from './amounts.ts';
import { earlierResult, runOnce } from './idempotency.ts';
import { checkDepositLock } from './deposit-lock.ts';
import { insufficientBalance } from './ledger.service.ts';
import { checkWithdrawSecrets } from './secrets-check.ts';
import { btcValueOf, checkPerTransaction, checkRollingLimits, lockUserWithdrawals } from './withdraw-limits.ts';
import { kycLevelOf, type WalletDeps } from './wallet-deps.ts';
import { kycRequired } from './withdraw.service.ts';
import { auditAct, type OperatorAct } from './operator-act.ts';
import { bankWithdrawals } from './wallet.schema.ts';
import { assertWithdrawalSafe } from './withdraw-safety.ts';
import { recordsPage, type RecordsQuery } from './records-page.ts';

export type { BankWithdrawRequest };

const usdt = () => currencyOf('USDT')!;

/**
 * A fiat withdrawal by bank transfer, in USDT: a fee (BANK_WITHDRAW_FEE_RATE, rounded up), the
 * amount received, and the same limits as an on-chain withdrawal (withdraw-limits.ts): the fiat
 * single limit of spec §6 by KYC level (basic 5,000, advanced 1,000,000; unverified users are
 * refused), the USDT daily maximum and the KYC 24-hour BTC limit, counted together with on-chain
 * withdrawals; and the confirmation lock (deposit-lock.ts). Frozen on application; the operator
 * marks it paid (consumed to the outside world) or rejected (released).
 */
export async function applyBankWithdrawal(deps: WalletDeps, userId: number, body: BankWithdrawRequest, locale: Locale) {
  const currency = usdt();
  const amount = amountOrFail(body.amount, currency);
  const earlier = await earlierResult<Record<string, unknown>>(
    deps.ctx.db,
    userId,
    body.requestId,
    'withdraw-bank',
    body,
  );
  if (earlier) return earlier.result;
  await assertWithdrawalSafe(deps, userId, locale);
  const level = await kycLevelOf(deps.ctx, userId);
  if (level === 'none') throw kycRequired();
  checkPerTransaction('bank', currency, level, deps.config, amount);
  await checkWithdrawSecrets(deps.ctx, userId, body, locale, { needCode: false });
  const fee = feeOf(amount, parseRate(deps.config.bank.feeRate));
  const btcValue = btcValueOf(deps.prices, currency.code, amount);
  return runOnce(deps.ledger, userId, body.requestId, 'withdraw-bank', body, async (tx) => {
    await lockUserWithdrawals(tx, userId);
    const now = new Date(deps.ctx.clock.now());
    await checkRollingLimits(tx, userId, level, currency, amount, btcValue, now.getTime());
    const spot = { userId, currency: currency.code, wallet: 'spot' as const };
    if ((await deps.ledger.lockBalance(tx, spot)).available < amount) throw insufficientBalance(spot);
    await checkDepositLock(deps, tx, userId, { currency, amount });
    const [row] = await tx
      .insert(bankWithdrawals)
      .values({
        userId,
        cardholder: body.cardholder,
        bankName: body.bankName,
        branchName: body.branchName,
        bankCode: body.bankCode,
        cardNumber: body.cardNumber,
        amount,
        fee,
        btcValue,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await deps.ledger.freeze(tx, 'bank.apply', spot, amount, `bank:${row!.id}`);
    return { ...bankView(row!, true), message: t(locale, 'withdraw.applied') };
  });
}

/** `mask` hides all but the last 4 digits of the card (what the user sees in lists). */
export function bankView(b: typeof bankWithdrawals.$inferSelect, mask: boolean) {
  const amount = BigInt(b.amount);
  const fee = BigInt(b.fee);
  return {
    id: b.id,
    cardholder: b.cardholder,
    bankName: b.bankName,
    branchName: b.branchName,
    bankCode: b.bankCode,
    cardNumber: mask ? `****${b.cardNumber.slice(-4)}` : b.cardNumber,
    currency: 'USDT',
    amount: show(amount, 'USDT'),
    fee: show(fee, 'USDT'),
    receive: show(amount - fee, 'USDT'),
    status: b.status,
    reason: b.reason,
    time: b.createdAt.getTime(),
  };
}

export async function bankRecords(deps: WalletDeps, userId: number | null, q: RecordsQuery) {
  return recordsPage(deps.ctx.db, bankWithdrawals, userId, q, (b) => bankView(b, userId !== null));
}

async function lockPending(tx: Db, id: number) {
  const [b] = await tx.select().from(bankWithdrawals).where(eq(bankWithdrawals.id, id)).for('update');
  if (!b) throw notFound('withdraw.notFound');
  if (b.status !== 'pending') throw badRequest('WRONG_STATE', 'withdraw.wrongState', { status: b.status });
  return b;
}

/** The operator paid it out of the bank: the frozen USDT leaves (fee to the fee account). */
export async function markBankPaid(deps: WalletDeps, audit: AuditService, op: OperatorAct, id: number) {
  return deps.ledger.transaction(async (tx) => {
    const b = await lockPending(tx, id);
    const amount = BigInt(b.amount);
    const fee = BigInt(b.fee);
    await deps.ledger.settleFrozen(
      tx,
      'bank.paid',
      { userId: b.userId, currency: 'USDT', wallet: 'spot' },
      [
        { account: { system: 'outside_world', currency: 'USDT' }, amount: amount - fee },
        { account: { system: 'fees', currency: 'USDT' }, amount: fee },
      ],
      `bank:${id}`,
    );
    await auditAct(audit, op, 'bank_withdrawal.paid', ['bank_withdrawal', id], {}, tx);
    const [row] = await tx
      .update(bankWithdrawals)
      .set({ status: 'paid', reviewedBy: op.operatorId, updatedAt: new Date(deps.ctx.clock.now()) })
      .where(eq(bankWithdrawals.id, id))
      .returning();
    return bankView(row!, false);
  });
}

export async function rejectBank(deps: WalletDeps, audit: AuditService, op: OperatorAct, id: number, reason: string) {
  return deps.ledger.transaction(async (tx) => {
    const b = await lockPending(tx, id);
    await deps.ledger.release(
      tx,
      'bank.reject',
      { userId: b.userId, currency: 'USDT', wallet: 'spot' },
      BigInt(b.amount),
      `bank:${id}`,
    );
    await auditAct(audit, op, 'bank_withdrawal.reject', ['bank_withdrawal', id], { reason }, tx);
    const [row] = await tx
      .update(bankWithdrawals)
      .set({ status: 'rejected', reason, reviewedBy: op.operatorId, updatedAt: new Date(deps.ctx.clock.now()) })
      .where(eq(bankWithdrawals.id, id))
      .returning();
    return bankView(row!, false);
  });
}
