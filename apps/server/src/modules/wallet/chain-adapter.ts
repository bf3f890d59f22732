import type { ChainHealth } from '@tidemark/contract/wallet';
import crypto from 'node:crypto';
import type { Db } from '../../platform/db/database.ts';

/** A withdrawal handed to a chain. */
export interface OutgoingTransfer {
  withdrawalId: number;
  currency: string;
  chain: string;
  address: string;
  /** Decimal string: what the address receives (amount − fee). */
  amount: string;
}

export type { ChainHealth };

/** What an adapter itself knows about its network's health. */
export type AdapterHealth = Pick<ChainHealth, 'depositsOpen' | 'withdrawalsOpen' | 'scannerLag' | 'note'>;

/**
 * One network's chain: how deposit addresses are derived and checked, how withdrawals leave, what a
 * withdrawal costs and whether the network is healthy. Deposits are found by the adapter's own
 * watcher (evm/evm-watcher.ts) which records them through chain-deposits.ts; the simulated chain has
 * none: an operator reports its deposits and confirmations (deposit.service.ts).
 *
 * Only `send` is required so a test can stand in a minimal adapter; the router fills the rest with
 * the simulated chain's behaviour.
 */
export interface ChainAdapter {
  readonly name: string;
  /**
   * Hands a withdrawal to the chain. `tx` is the approval's transaction: what the adapter records
   * (nonce, signed transaction) commits or rolls back with the approval; the answer is the hash the
   * withdrawal will be paid by.
   */
  send(transfer: OutgoingTransfer, tx?: Db): Promise<{ txHash: string }>;
  /**
   * Broadcasts what `send` recorded, called once the approval's transaction has committed (an
   * adapter that records before it broadcasts: nothing reaches the chain without a record). Its
   * failure is not the approval's: the adapter's watcher sends it again.
   */
  flush?(): Promise<unknown>;
  /** The user's deposit address on this network (from the extended public key: no private key here). */
  depositAddress?(userId: number): string;
  /** Whether an address is valid on this network (checksums included). */
  isValidAddress?(address: string): boolean;
  /** The network fee of a withdrawal of `currency` as the chain prices it now (decimal string). */
  estimateFee?(currency: string): Promise<string>;
  health?(): Promise<AdapterHealth>;
  /** What the platform holds of `currency` on this network (hot wallet + deposit addresses), minor units. */
  holdings?(currency: string): Promise<bigint>;
  /**
   * Sends a sent withdrawal's stuck transaction again with the same nonce and a higher fee; the
   * withdrawal follows the new hash and settles on whichever is mined. Moves nothing in the ledger.
   */
  replace?(withdrawalId: number): Promise<{ txHash: string }>;
  /**
   * Moves what the deposit addresses hold of `currency` to the hot wallet (only addresses whose
   * deposits are all final). Coins move between the platform's own addresses: no journal entry.
   */
  sweepAll?(currency: string): Promise<{ topups: string[]; sweeps: string[] }>;
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

  /** Every adapter configured for a real network, by network name. */
  realAdapters(networks: string[]): { network: string; adapter: ChainAdapter }[] {
    return networks
      .filter((n) => !this.isSimulated(n))
      .map((network) => ({ network, adapter: this.adapterFor(network) }));
  }

  /** A network's status; an adapter that cannot answer (node down) suspends the network. */
  async health(network: string, confirmations: { credit: number; unlock: number }): Promise<ChainHealth> {
    const a = this.adapterFor(network);
    const base = {
      network,
      adapter: a.name,
      demo: this.isSimulated(network),
      creditConfirmations: confirmations.credit,
      unlockConfirmations: confirmations.unlock,
    };
    if (!a.health) return { ...base, depositsOpen: true, withdrawalsOpen: true, scannerLag: null };
    try {
      return { ...base, ...(await a.health()) };
    } catch (e) {
      return {
        ...base,
        depositsOpen: false,
        withdrawalsOpen: false,
        scannerLag: null,
        note: `node unreachable: ${(e as Error).message.slice(0, 200)}`,
      };
    }
  }
}
