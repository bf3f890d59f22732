import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  isAddress,
  keccak256,
  parseTransaction,
  parseUnits,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import type { Db } from '../../../platform/db/database.ts';
import { currencyOf } from '../../market/currencies.ts';
import type { AdapterHealth, ChainAdapter, OutgoingTransfer } from '../chain-adapter.ts';
import { chainCursors, chainTransactions, deposits, withdrawals } from '../wallet.schema.ts';
import { broadcastProblemOf, custodyAddresses, hotWalletHealth, noSignerError } from '../hot-wallet.ts';
import { evmAddressFromXpub } from './evm-keys.ts';
import { takeNonce } from './evm-nonces.ts';
import { rebroadcastDropped } from './evm-rebroadcast.ts';
import type { EvmSigner, SigningRequest } from './evm-signer.ts';

/** A token the network's adapter moves (ERC-20). */
export interface EvmToken {
  currency: string;
  address: Address;
  decimals: number;
}

export interface EvmChainOptions {
  /** The platform's network name (ERC20, BEP20, …). */
  network: string;
  client: PublicClient;
  /** Account-level extended public key (m/44'/60'/0'); deposit address of user n = 0/n. */
  xpub: string;
  nativeCurrency: string;
  tokens: EvmToken[];
  db: Db;
  /** Absent: the network takes deposits but withdrawals and sweeps are suspended. */
  signer?: EvmSigner | undefined;
  /** The watcher is considered behind (deposits suspended) past this many blocks. */
  maxLagBlocks?: number | undefined;
}

const NATIVE_GAS = 21_000n;
const TOKEN_GAS = 100_000n;

/** The call data of a transaction, whether parsed from its signed bytes (`data`) or read from a node (`input`). */
function dataOf(t: { data?: Hex | undefined; input?: Hex | undefined }): Hex | undefined {
  const d = t.data ?? t.input;
  return d && d !== '0x' ? d : undefined;
}

/**
 * An EVM network (Ethereum or any EVM chain) over JSON-RPC with viem. Holds no private key: it builds
 * transactions, asks the signer to sign them, broadcasts and records them. The deposit side is the
 * watcher (evm-watcher.ts).
 */
export class EvmChain implements ChainAdapter {
  readonly name = 'evm';
  readonly network: string;
  readonly client: PublicClient;
  readonly nativeCurrency: string;
  readonly tokens: EvmToken[];
  readonly signer: EvmSigner | undefined;
  private readonly xpub: string;
  private readonly db: Db;
  private readonly maxLagBlocks: number;
  /** The last rebroadcast's refusals, shown in the network's status until they clear. */
  private broadcastProblem: string | undefined;

  constructor(o: EvmChainOptions) {
    this.network = o.network;
    this.client = o.client;
    this.xpub = o.xpub;
    this.nativeCurrency = o.nativeCurrency;
    this.tokens = o.tokens;
    this.db = o.db;
    this.signer = o.signer;
    this.maxLagBlocks = o.maxLagBlocks ?? 50;
    // fail at start-up, not at the first deposit, on a malformed key
    evmAddressFromXpub(this.xpub, 0);
  }

  depositAddress(userId: number): string {
    return evmAddressFromXpub(this.xpub, userId);
  }

  isValidAddress(address: string): boolean {
    return isAddress(address, { strict: true });
  }

  tokenOf(currency: string): EvmToken | undefined {
    return this.tokens.find((t) => t.currency === currency);
  }

  /** Chain units of a platform decimal amount: the native coin has 18 decimals, a token its own. */
  chainUnits(currency: string, amount: string): bigint {
    return parseUnits(amount, this.tokenOf(currency)?.decimals ?? 18);
  }

  /** Platform minor units of a chain amount, truncated to the currency's scale (dust stays outside). */
  platformUnits(currency: string, chainAmount: bigint): bigint {
    const decimals = this.tokenOf(currency)?.decimals ?? 18;
    const scale = currencyOf(currency)?.scale ?? 8;
    return decimals >= scale
      ? chainAmount / 10n ** BigInt(decimals - scale)
      : chainAmount * 10n ** BigInt(scale - decimals);
  }

  private async fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const f = await this.client.estimateFeesPerGas();
    return { maxFeePerGas: f.maxFeePerGas, maxPriorityFeePerGas: f.maxPriorityFeePerGas };
  }

  /** What one withdrawal costs in gas now, in the native coin (shown to the operator before approving). */
  async estimateFee(currency: string): Promise<string> {
    const { maxFeePerGas } = await this.fees();
    const gas = currency === this.nativeCurrency ? NATIVE_GAS : TOKEN_GAS;
    return `${formatUnits(gas * maxFeePerGas, 18)} ${this.nativeCurrency}`;
  }

  async health(): Promise<AdapterHealth> {
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    const [cursor] = await this.db.select().from(chainCursors).where(eq(chainCursors.network, this.network));
    const lag = cursor ? Number(head - cursor.blockNumber) : null;
    return hotWalletHealth({
      hasSigner: this.signer !== undefined,
      broadcastProblem: this.broadcastProblem,
      scannerLag: lag,
      watcherBehind: lag === null || lag > this.maxLagBlocks,
    });
  }

  /** The hot wallet's and every deposit address's balance of `currency`, in platform minor units. */
  async holdings(currency: string): Promise<bigint> {
    const addresses = (await custodyAddresses(this.db, this.network, this.signer?.hotAddress)) as Address[];
    const token = this.tokenOf(currency);
    let total = 0n;
    for (const address of addresses) {
      total += token
        ? await this.client.readContract({
            address: token.address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [address],
          })
        : await this.client.getBalance({ address });
    }
    return this.platformUnits(currency, total);
  }

  /**
   * Broadcasts every recorded transaction the node does not know yet (evm-rebroadcast.ts): the ones
   * just committed, and the ones it dropped. Called after each commit that recorded one and by the
   * watcher every step. A transaction the node refuses is reported by `health` until it goes out or
   * is replaced.
   */
  async flush(): Promise<{ sent: number; refused: string[] }> {
    const result = await rebroadcastDropped(this.db, this.client, this.network);
    this.broadcastProblem = broadcastProblemOf(result.refused);
    return result;
  }

  /**
   * Signs one transaction (through the signer) and records it in `tx`; answers its hash. It is NOT
   * broadcast here: it goes out by `flush` once `tx` has committed, so every transaction that can
   * reach the chain is on record first (a crash between the two leaves a recorded transaction that
   * the watcher broadcasts, never an unrecorded one that paid). What the node would refuse for lack
   * of funds is refused here instead, before it takes a nonce that would block the ones after it.
   */
  async submit(
    tx: Db,
    req: Omit<SigningRequest, 'nonce' | 'maxFeePerGas' | 'maxPriorityFeePerGas' | 'chainId'>,
    fees?: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
    nonce?: number,
  ): Promise<Hex> {
    const signer = this.requireSigner();
    const from = signer.fromAddress(req.from);
    const f = fees ?? (await this.fees());
    const chainId = await this.client.getChainId();
    const n = nonce ?? (await takeNonce(tx, this.client, this.network, from));
    const balance = await this.client.getBalance({ address: from });
    const needs = req.value + req.gas * f.maxFeePerGas;
    if (balance < needs) {
      throw new Error(
        `${from} holds ${formatUnits(balance, 18)} ${this.nativeCurrency}, needs ${formatUnits(needs, 18)}`,
      );
    }
    const raw = await signer.sign({ ...req, nonce: n, chainId, ...f }, tx);
    const hash = keccak256(raw);
    await tx.insert(chainTransactions).values({
      network: this.network,
      reference: req.reference,
      fromAddress: from.toLowerCase(),
      nonce: BigInt(n),
      txHash: hash,
      maxFeePerGas: f.maxFeePerGas.toString(),
      rawTx: raw,
    });
    return hash;
  }

  /** Whether the latest transaction recorded for `reference` is still waiting to be mined. */
  private async unmined(tx: Db, reference: string): Promise<boolean> {
    const [last] = await tx
      .select()
      .from(chainTransactions)
      .where(and(eq(chainTransactions.network, this.network), eq(chainTransactions.reference, reference)))
      .orderBy(desc(chainTransactions.id))
      .limit(1);
    if (!last) return false;
    const receipt = await this.client.getTransactionReceipt({ hash: last.txHash as Hex }).catch(() => null);
    return receipt === null;
  }

  private requireSigner(): EvmSigner {
    if (!this.signer) throw noSignerError(this.network);
    return this.signer;
  }

  /** A withdrawal from the hot wallet (called inside the approval's transaction). */
  async send(t: OutgoingTransfer, tx?: Db): Promise<{ txHash: string }> {
    const token = this.tokenOf(t.currency);
    if (!token && t.currency !== this.nativeCurrency) throw new Error(`${this.network} does not move ${t.currency}`);
    const value = this.chainUnits(t.currency, t.amount);
    const req = token
      ? {
          reference: `withdrawal:${t.withdrawalId}`,
          from: 'hot' as const,
          to: token.address,
          value: 0n,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [t.address as Address, value] }),
          gas: TOKEN_GAS,
        }
      : {
          reference: `withdrawal:${t.withdrawalId}`,
          from: 'hot' as const,
          to: t.address as Address,
          value,
          gas: NATIVE_GAS,
        };
    const txHash = await this.submit(tx ?? this.db, req);
    return { txHash };
  }

  /**
   * Replaces a stuck transaction of a withdrawal: the same nonce, the same content, at least twice
   * the fee (nodes want +10 %); the withdrawal then follows the new hash. Nothing moves in the ledger:
   * whichever of the two is mined, the withdrawal is paid once.
   */
  async replaceWithdrawal(withdrawalId: number, bump = 2n): Promise<Hex> {
    const reference = `withdrawal:${withdrawalId}`;
    const hash = await this.db.transaction(async (tx) => {
      // one replacement at a time per withdrawal, and only while it is out and unsettled
      const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
      if (!w || w.status !== 'sent' || w.chain !== this.network) {
        throw new Error(`withdrawal ${withdrawalId} is not a sent ${this.network} withdrawal`);
      }
      const [last] = await tx
        .select()
        .from(chainTransactions)
        .where(
          and(
            eq(chainTransactions.network, this.network),
            eq(chainTransactions.reference, reference),
            isNull(chainTransactions.replacedBy),
          ),
        )
        .orderBy(desc(chainTransactions.id))
        .limit(1);
      if (!last) throw new Error(`no transaction to replace for ${reference}`);
      // what was signed, even if the node has dropped it; an older row without it asks the node
      const original = last.rawTx
        ? parseTransaction(last.rawTx as Hex)
        : await this.client.getTransaction({ hash: last.txHash as Hex });
      const mined = await this.client.getTransactionReceipt({ hash: last.txHash as Hex }).catch(() => null);
      if (mined) throw new Error(`${reference} is already mined (${last.txHash}): nothing to replace`);
      const current = await this.fees();
      const floor = BigInt(last.maxFeePerGas ?? 0) * bump;
      const maxFeePerGas = current.maxFeePerGas > floor ? current.maxFeePerGas : floor;
      const maxPriorityFeePerGas = (original.maxPriorityFeePerGas ?? current.maxPriorityFeePerGas) * bump;
      const hash = await this.submit(
        tx,
        {
          reference,
          from: 'hot',
          to: original.to!,
          value: original.value ?? 0n,
          data: dataOf(original),
          gas: original.gas!,
        },
        {
          maxFeePerGas,
          maxPriorityFeePerGas: maxPriorityFeePerGas > maxFeePerGas ? maxFeePerGas : maxPriorityFeePerGas,
        },
        Number(last.nonce),
      );
      await tx.update(chainTransactions).set({ replacedBy: hash }).where(eq(chainTransactions.id, last.id));
      await tx.update(withdrawals).set({ txHash: hash }).where(eq(withdrawals.id, withdrawalId));
      return hash;
    });
    await this.flush();
    return hash;
  }

  async replace(withdrawalId: number): Promise<{ txHash: string }> {
    return { txHash: await this.replaceWithdrawal(withdrawalId) };
  }

  /**
   * Sweeps every deposit address that received `currency` on this network and has no deposit still
   * inside the reorg window: coins that a reorg could take back are left where they are, or the sweep
   * would spend money that then never existed (and its nonce would block the address).
   */
  async sweepAll(currency: string): Promise<{ topups: string[]; sweeps: string[] }> {
    const users = await this.db
      .selectDistinct({ userId: deposits.userId })
      .from(deposits)
      .where(
        and(
          eq(deposits.chain, this.network),
          eq(deposits.currency, currency),
          eq(deposits.simulated, false),
          eq(deposits.status, 'confirmed'),
        ),
      );
    const unsettled = await this.db
      .selectDistinct({ userId: deposits.userId })
      .from(deposits)
      .where(and(eq(deposits.chain, this.network), inArray(deposits.status, ['pending', 'credited'])));
    const waiting = new Set(unsettled.map((u) => u.userId));
    const topups: string[] = [];
    const sweeps: string[] = [];
    for (const { userId } of users) {
      if (waiting.has(userId)) continue;
      const r = await this.sweep(userId, currency);
      if (r.topup) topups.push(r.topup);
      if (r.sweep) sweeps.push(r.sweep);
    }
    return { topups, sweeps };
  }

  /**
   * Moves a user's deposit address balance of `currency` to the hot wallet. A token sweep needs gas at
   * the deposit address: when it lacks it the hot wallet sends exactly the gas first (a `topup`) and
   * the sweep waits for the next call. Sweeps move money between the platform's own addresses, so the
   * ledger does not change (users' balances are liabilities wherever the coins sit).
   */
  async sweep(userId: number, currency: string): Promise<{ topup?: Hex; sweep?: Hex }> {
    const signer = this.requireSigner();
    if (!signer.canSweep()) throw new Error('the signer has no deposit key: sweeping is off');
    const from = signer.fromAddress({ userId }) as Address;
    const hot = signer.hotAddress;
    const { maxFeePerGas, maxPriorityFeePerGas } = await this.fees();
    const nativeBalance = await this.client.getBalance({ address: from });
    const token = this.tokenOf(currency);
    const sent = await this.db.transaction(async (tx): Promise<{ topup?: Hex; sweep?: Hex }> => {
      // one sweep at a time per address: a second one signed before the first is mined would spend
      // the same balance again and fail (a token one mined as reverted, paying its gas for nothing)
      if (await this.unmined(tx, `sweep:${userId}`)) return {};
      if (!token) {
        const cost = NATIVE_GAS * maxFeePerGas;
        if (nativeBalance <= cost) return {};
        const sweep = await this.submit(
          tx,
          { reference: `sweep:${userId}`, from: { userId }, to: hot, value: nativeBalance - cost, gas: NATIVE_GAS },
          { maxFeePerGas, maxPriorityFeePerGas },
        );
        return { sweep };
      }
      const balance = await this.client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [from],
      });
      if (balance === 0n) return {};
      const gasCost = TOKEN_GAS * maxFeePerGas;
      if (nativeBalance < gasCost) {
        // one top-up at a time: while the last one is not mined, sending another would pay gas twice
        if (await this.unmined(tx, `topup:${userId}`)) return {};
        const topup = await this.submit(
          tx,
          { reference: `topup:${userId}`, from: 'hot', to: from, value: gasCost - nativeBalance, gas: NATIVE_GAS },
          { maxFeePerGas, maxPriorityFeePerGas },
        );
        return { topup };
      }
      const sweep = await this.submit(
        tx,
        {
          reference: `sweep:${userId}`,
          from: { userId },
          to: token.address,
          value: 0n,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [hot, balance] }),
          gas: TOKEN_GAS,
        },
        { maxFeePerGas, maxPriorityFeePerGas },
      );
      return { sweep };
    });
    if (sent.topup || sent.sweep) await this.flush();
    return sent;
  }
}
