import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { multiplyPrice, parseUnits } from '@tidemark/contract/money';
import { AppError, badRequest, notFound } from '../../platform/http/app-error.ts';
import type { Db } from '../../platform/db/database.ts';
import { chainOf, currencyOf, QUOTE, type CurrencyConfig } from '../market/currencies.ts';
import { PRICE_SCALE } from '../market/instruments.ts';
import type { AuditService } from '../operator/audit.service.ts';
import { amountOrFail, currencyOrFail, show } from './amounts.ts';
import { deriveDepositAddress } from './addresses.ts';
import { propose, type ProposalExecutor } from './adjustment.service.ts';
import { chainAddresses, depositAddresses, deposits } from './wallet.schema.ts';
import { CREDIT_CONFIRMATIONS, UNLOCK_CONFIRMATIONS } from './wallet.config.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { auditAct, type OperatorAct } from './operator-act.ts';
import { recordsPage, type RecordsQuery } from './records-page.ts';

export function chainOrFail(currency: CurrencyConfig, chain: string) {
  const c = chainOf(currency.code, chain);
  if (!c) throw badRequest('UNKNOWN_CHAIN', 'wallet.unknownChain', { currency: currency.code }, 'chain');
  return c;
}

/** The user's own deposit address on a chain (the same for every currency on that chain's format). */
export async function depositAddress(deps: WalletDeps, userId: number, body: { currency: string; chain: string }) {
  const currency = currencyOrFail(body.currency);
  const chain = chainOrFail(currency, body.chain);
  const adapter = deps.chains.adapterFor(chain.chain);
  let address: string;
  if (adapter.depositAddress) {
    // a real network: derived from its extended public key; the watcher looks for these addresses
    address = adapter.depositAddress(userId);
    await deps.ctx.db
      .insert(chainAddresses)
      .values({ network: chain.chain, userId, address, createdAt: new Date(deps.ctx.clock.now()) })
      .onConflictDoNothing();
  } else {
    address = deriveDepositAddress(deps.config.addressSeed, chain.format, userId);
    await deps.ctx.db
      .insert(depositAddresses)
      .values({ userId, format: chain.format, address, createdAt: new Date(deps.ctx.clock.now()) })
      .onConflictDoNothing();
  }
  return {
    currency: currency.code,
    chain: chain.chain,
    address,
    minDeposit: chain.minDeposit,
    creditConfirmations: CREDIT_CONFIRMATIONS,
    unlockConfirmations: UNLOCK_CONFIRMATIONS,
    simulated: deps.chains.isSimulated(chain.chain),
  };
}

export function depositView(d: typeof deposits.$inferSelect) {
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
    creditConfirmations: CREDIT_CONFIRMATIONS,
    unlockConfirmations: UNLOCK_CONFIRMATIONS,
    /** An operator's test credit on the simulated chain, not a real transfer. */
    demo: d.simulated,
    time: d.createdAt.getTime(),
  };
}

export async function depositRecords(deps: WalletDeps, userId: number | null, q: RecordsQuery) {
  return recordsPage(deps.ctx.db, deposits, userId, q, depositView);
}

export interface SimulatedDeposit {
  userId: number;
  currency: string;
  chain: string;
  amount: string;
  confirmations?: number | undefined;
  txHash?: string | undefined;
}

/** Refuses operator credits on a network that a real chain adapter serves. */
function simulatedOnly(deps: WalletDeps, chain: string): void {
  if (!deps.chains.isSimulated(chain)) throw new AppError(403, 'REAL_CHAIN', 'deposit.realChain', { chain });
}

/** What a simulated deposit is worth in USDT at the index (rounded up); null without a price. */
function usdtWorth(deps: WalletDeps, currency: CurrencyConfig, amount: bigint): bigint | null {
  const usdt = currencyOf(QUOTE)!;
  try {
    return multiplyPrice(
      amount,
      currency.scale,
      deps.prices.usdtPriceUnits(currency.code),
      PRICE_SCALE,
      usdt.scale,
      'ceil',
    );
  } catch {
    return null;
  }
}

function validDeposit(input: SimulatedDeposit) {
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
  return { currency, chain, amount };
}

/**
 * An operator asks the simulated chain for an incoming transfer (POST /admin/chain/deposit). Refused
 * where a real adapter serves the network. Worth more than SIMULATED_DEPOSIT_FOUR_EYES_ABOVE (USDT at
 * the index; an unpriced one always) it becomes a four-eyes proposal (kind `simulated_deposit`) that
 * a second operator approves through /admin/wallet/adjustments/approve; otherwise it is recorded now.
 */
export async function requestSimulatedDeposit(
  deps: WalletDeps,
  audit: AuditService,
  op: OperatorAct,
  input: SimulatedDeposit,
) {
  const { currency, chain, amount } = validDeposit(input);
  simulatedOnly(deps, chain.chain);
  const worth = usdtWorth(deps, currency, amount);
  const above = parseUnits(deps.config.simulatedDepositFourEyesAbove, currencyOf(QUOTE)!.scale);
  if (worth === null || worth > above) {
    const txHash = input.txHash ?? `0x${crypto.randomBytes(32).toString('hex')}`;
    // the same transfer cannot be proposed twice, nor proposed once it is recorded
    const [seen] = await deps.ctx.db
      .execute(
        sql`select 1 from deposits where chain = ${chain.chain} and tx_hash = ${txHash}
          union all
          select 1 from adjustments where kind = 'simulated_deposit' and status <> 'rejected'
            and payload->>'chain' = ${chain.chain} and payload->>'txHash' = ${txHash}
          limit 1`,
      )
      .then((r) => (r as unknown as { rows: unknown[] }).rows);
    if (seen) throw badRequest('CONFLICT', 'deposit.txExists', undefined, 'txHash');
    const proposal = await propose(deps, audit, op, {
      kind: 'simulated_deposit',
      userId: input.userId,
      currency: currency.code,
      wallet: 'spot',
      amount,
      reason: `demo: simulated deposit of ${show(amount, currency)} ${currency.code} on ${chain.chain}`,
      payload: { chain: chain.chain, confirmations: input.confirmations ?? 0, txHash },
    });
    return { approvalRequired: true, proposal };
  }
  return deps.ledger.transaction(async (tx) =>
    recordSimulatedDeposit(deps, audit, tx, { createdBy: op.operatorId, approvedBy: null }, input, op.ip),
  );
}

/** The approval of a `simulated_deposit` proposal: records it with both operators named. */
export function simulatedDepositExecutor(deps: WalletDeps, audit: AuditService): ProposalExecutor {
  return async (tx, p, approver) => {
    const payload = p.payload as { chain: string; confirmations: number; txHash: string };
    const deposit = await recordSimulatedDeposit(
      deps,
      audit,
      tx,
      { createdBy: p.proposedBy, approvedBy: approver.operatorId },
      {
        userId: p.userId!,
        currency: p.currency,
        chain: payload.chain,
        amount: show(BigInt(p.amount), p.currency),
        confirmations: payload.confirmations,
        txHash: payload.txHash,
      },
      approver.ip,
    );
    return { result: deposit };
  };
}

/**
 * The simulated chain's incoming transfer from the command line (`npm run chain:deposit`; audited
 * with operator_id null): the machine's owner, who also holds the database. Refused where a real
 * adapter serves the network, and in production.
 */
export async function simulateDeposit(
  deps: WalletDeps,
  audit: AuditService,
  operatorId: number | null,
  input: SimulatedDeposit,
  ip?: string,
) {
  simulatedOnly(deps, validDeposit(input).chain.chain);
  return deps.ledger.transaction(async (tx) =>
    recordSimulatedDeposit(deps, audit, tx, { createdBy: operatorId, approvedBy: null }, input, ip),
  );
}

/** Records the transfer to the user's deposit address and credits it once it has CREDIT_CONFIRMATIONS. */
async function recordSimulatedDeposit(
  deps: WalletDeps,
  audit: AuditService,
  tx: Db,
  by: { createdBy: number | null; approvedBy: number | null },
  input: SimulatedDeposit,
  ip?: string,
) {
  const { currency, chain, amount } = validDeposit(input);
  simulatedOnly(deps, chain.chain);
  const address = deriveDepositAddress(deps.config.addressSeed, chain.format, input.userId);
  await tx
    .insert(depositAddresses)
    .values({ userId: input.userId, format: chain.format, address, createdAt: new Date(deps.ctx.clock.now()) })
    .onConflictDoNothing();
  const txHash = input.txHash ?? `0x${crypto.randomBytes(32).toString('hex')}`;
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
      simulated: true,
      createdBy: by.createdBy,
      approvedBy: by.approvedBy,
      createdAt: new Date(deps.ctx.clock.now()),
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted.length) throw badRequest('CONFLICT', 'deposit.txExists', undefined, 'txHash');
  await audit.record(
    {
      operatorId: by.approvedBy ?? by.createdBy,
      action: 'chain.deposit',
      targetType: 'deposit',
      targetId: inserted[0]!.id,
      detail: {
        userId: input.userId,
        currency: currency.code,
        chain: chain.chain,
        amount: show(amount, currency),
        txHash,
        demo: true,
        proposedBy: by.createdBy,
        approvedBy: by.approvedBy,
      },
      ip,
    },
    tx,
  );
  const d = await advance(deps, tx, inserted[0]!.id, input.confirmations ?? 0);
  return depositView(d);
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
    const [before] = await tx.select().from(deposits).where(eq(deposits.id, depositId));
    if (!before) throw notFound('deposit.notFound');
    // a real chain's deposit is confirmed by the chain, never by an operator
    if (!before.simulated) throw new AppError(403, 'REAL_CHAIN', 'deposit.realChain', { chain: before.chain });
    simulatedOnly(deps, before.chain);
    const d = await advance(deps, tx, depositId, confirmations);
    await auditAct(
      audit,
      { operatorId, ip },
      'chain.confirm_deposit',
      ['deposit', depositId],
      { confirmations: d.confirmations, status: d.status },
      tx,
    );
    return depositView(d);
  });
}

/** Raises a deposit's confirmations; credits at CREDIT_CONFIRMATIONS, unlocks at UNLOCK_CONFIRMATIONS. */
export async function advance(deps: WalletDeps, tx: Db, depositId: number, confirmations: number) {
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
      d.simulated ? `demo: simulated deposit ${d.chain} ${d.txHash}` : `${d.chain} ${d.txHash}`,
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
