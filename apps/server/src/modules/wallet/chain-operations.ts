import { eq } from 'drizzle-orm';
import { AppError, badRequest, notFound } from '../../platform/http/app-error.ts';
import type { AuditService } from '../operator/audit.service.ts';
import { chainOf } from '../market/currencies.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { withdrawals } from './wallet.schema.ts';
import { auditAct, type OperatorAct } from './operator-act.ts';

/**
 * The operator's hands on the real chains, beside the withdrawal queue: what a withdrawal costs in gas
 * right now (shown before approving, against the fixed fee the user was charged), speeding up a stuck
 * one, and sweeping deposit addresses into the hot wallet. Each act is audited; none changes a
 * balance: the ledger already holds what they concern (a replacement pays the same withdrawal, a
 * sweep moves coins between the platform's own addresses).
 */

const notSupported = (chain: string) => new AppError(400, 'NOT_SUPPORTED', 'chain.notSupported', { chain });
/** A chain (node, adapter or signer) would not do it: the operator sees why (409), nothing changed. */
export const chainRefused = (e: unknown) =>
  new AppError(409, 'CHAIN_REFUSED', 'chain.refused', { reason: (e as Error).message.split('\n')[0]!.slice(0, 200) });

/** Adds to each pending withdrawal its network's gas cost now (null on the simulated chain or when the node does not answer). */
export async function withNetworkFees<T extends { chain: string; currency: string; status: string }>(
  deps: WalletDeps,
  items: T[],
): Promise<(T & { networkFee: string | null })[]> {
  // one estimate per network and currency, not per row
  const estimates = new Map<string, Promise<string | null>>();
  const estimate = (chain: string, currency: string) => {
    const key = `${chain}/${currency}`;
    if (!estimates.has(key)) {
      const adapter = deps.chains.adapterFor(chain);
      estimates.set(key, adapter.estimateFee ? adapter.estimateFee(currency).catch(() => null) : Promise.resolve(null));
    }
    return estimates.get(key)!;
  };
  return Promise.all(
    items.map(async (w) => ({
      ...w,
      networkFee:
        w.status === 'pending' && !deps.chains.isSimulated(w.chain) ? await estimate(w.chain, w.currency) : null,
    })),
  );
}

/** Replaces a sent withdrawal's stuck transaction (same nonce, higher fee) on a network that can. */
export async function speedUpWithdrawal(deps: WalletDeps, audit: AuditService, op: OperatorAct, id: number) {
  const [w] = await deps.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) throw notFound('withdraw.notFound');
  if (w.status !== 'sent') throw badRequest('WRONG_STATE', 'withdraw.wrongState', { status: w.status });
  const adapter = deps.chains.adapterFor(w.chain);
  if (!adapter.replace) throw notSupported(w.chain);
  const { txHash } = await adapter.replace(id).catch((e: unknown) => {
    throw chainRefused(e);
  });
  await auditAct(audit, op, 'withdrawal.speed_up', ['withdrawal', id], { replaced: w.txHash, txHash });
  return { id, replaced: w.txHash, txHash };
}

/** Sweeps the deposit addresses of one network and currency into the hot wallet. */
export async function sweepNetwork(
  deps: WalletDeps,
  audit: AuditService,
  op: OperatorAct,
  network: string,
  currency: string,
) {
  if (!chainOf(currency, network)) throw notSupported(network);
  const adapter = deps.chains.adapterFor(network);
  if (deps.chains.isSimulated(network) || !adapter.sweepAll) throw notSupported(network);
  const result = await adapter.sweepAll(currency).catch((e: unknown) => {
    throw chainRefused(e);
  });
  await auditAct(audit, op, 'chain.sweep', ['network', network], { currency, ...result });
  return { network, currency, ...result };
}
