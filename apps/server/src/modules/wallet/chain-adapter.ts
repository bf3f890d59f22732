import crypto from 'node:crypto';

/** A withdrawal handed to a chain. */
export interface OutgoingTransfer {
  withdrawalId: number;
  currency: string;
  chain: string;
  address: string;
  /** Decimal string: what the address receives (amount − fee). */
  amount: string;
}

/**
 * Sends withdrawals to a chain. Deposits come in through the operator's simulated-chain calls (or
 * a watcher for a live chain); confirmations of a sent withdrawal are reported through
 * WithdrawalService.confirm / fail.
 */
export interface ChainAdapter {
  readonly name: string;
  send(transfer: OutgoingTransfer): Promise<{ txHash: string }>;
}

/** The default chain: nothing leaves the machine; the transaction hash is derived from the withdrawal. */
export class SimulatedChain implements ChainAdapter {
  readonly name = 'simulated';
  async send(t: OutgoingTransfer): Promise<{ txHash: string }> {
    const txHash = `0x${crypto.createHash('sha256').update(`withdrawal/${t.withdrawalId}/${t.chain}/${t.address}/${t.amount}`).digest('hex')}`;
    return { txHash };
  }
}
