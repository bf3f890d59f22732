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

/**
 * Which adapter serves each network. `ctx.services.chain` may hold one adapter for every network,
 * or one per network name (`{ ERC20: evmAdapter }`); a network without its own adapter is served
 * by the simulated chain. What an operator may do depends on it: only a network the SIMULATED
 * chain serves accepts operator-credited test deposits — where a real adapter serves it, deposits
 * can only come from the chain itself.
 */
export type ChainConfiguration = ChainAdapter | Record<string, ChainAdapter> | undefined;

export class ChainRouter {
  private readonly configured: () => ChainConfiguration;
  private readonly simulated = new SimulatedChain();
  /** `configured` is read on every call, so a chain adapter registered after start-up takes effect. */
  constructor(configured: () => ChainConfiguration = () => undefined) {
    this.configured = configured;
  }

  adapterFor(network: string): ChainAdapter {
    const c = this.configured();
    if (!c) return this.simulated;
    if (typeof (c as ChainAdapter).send === 'function') return c as ChainAdapter;
    return (c as Record<string, ChainAdapter>)[network] ?? this.simulated;
  }

  /** True only when the simulated chain itself serves the network (a look-alike adapter does not count). */
  isSimulated(network: string): boolean {
    const a = this.adapterFor(network);
    return a instanceof SimulatedChain && a.name === 'simulated';
  }
}
