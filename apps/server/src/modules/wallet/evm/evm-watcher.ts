import { and, eq, inArray } from 'drizzle-orm';
import { parseAbiItem, parseUnits, TransactionReceiptNotFoundError, type Address, type Hex } from 'viem';
import { chainOf, currencyOf } from '../../market/currencies.ts';
import type { AuditService } from '../../operator/audit.service.ts';
import { readCursor, recordScan, refreshDeposits, watchedAddresses, type ObservedTransfer } from '../chain-deposits.ts';
import { UNLOCK_CONFIRMATIONS } from '../wallet.config.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { chainTransactions, withdrawals } from '../wallet.schema.ts';
import { confirmWithdrawal, failWithdrawal } from '../withdraw.service.ts';
import type { EvmChain } from './evm-chain.ts';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

export interface EvmWatcherOptions {
  /** Where a fresh watcher starts (default: the head when it first runs). */
  startBlock?: bigint | undefined;
  /** Blocks scanned per step. */
  batch?: bigint | undefined;
  /** How far back a rescan goes when the cursor's block was reorganised away. */
  rewind?: bigint | undefined;
}

/**
 * The deposit side of an EVM network: scans blocks from its cursor for native transfers and ERC-20
 * `Transfer` logs to the users' deposit addresses, records them with their block, raises
 * confirmations (credit at 1, withdrawable at 3), reverses those whose block was reorganised away,
 * broadcasts again what the node dropped, and follows sent withdrawals to their receipt (confirmed
 * after UNLOCK_CONFIRMATIONS, or failed: the user is refunded by a journal entry). Works from the public key only. `tick()` is one step;
 * the module runs it on a timer.
 */
export class EvmWatcher {
  private readonly chain: EvmChain;
  private readonly deps: WalletDeps;
  private readonly audit: AuditService;
  private readonly o: EvmWatcherOptions;

  constructor(chain: EvmChain, deps: WalletDeps, audit: AuditService, o: EvmWatcherOptions = {}) {
    this.chain = chain;
    this.deps = deps;
    this.audit = audit;
    this.o = o;
  }

  private async hashAt(n: bigint): Promise<string | null> {
    const b = await this.chain.client.getBlock({ blockNumber: n }).catch(() => null);
    return b?.hash ?? null;
  }

  /** Scans up to the head (in batches), then refreshes deposits and withdrawals. */
  async tick(): Promise<{
    found: number;
    advanced: number;
    reversed: number;
    rebroadcast: number;
    withdrawals: number;
  }> {
    const { client, network } = this.chain;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const cursor = await readCursor(this.deps.ctx.db, network);
    let from: bigint;
    if (!cursor) from = this.o.startBlock ?? head;
    else if ((await this.hashAt(cursor.blockNumber)) !== cursor.blockHash) {
      // the last block we scanned is gone: scan again from before the fork
      const back = cursor.blockNumber - (this.o.rewind ?? BigInt(UNLOCK_CONFIRMATIONS * 4));
      from = back > 0n ? back : 0n;
    } else from = cursor.blockNumber + 1n;
    let found = 0;
    const batch = this.o.batch ?? 200n;
    while (from <= head) {
      const to = from + batch - 1n < head ? from + batch - 1n : head;
      const transfers = await this.scan(from, to);
      const toHash = await this.hashAt(to);
      if (!toHash) break;
      found += await recordScan(this.deps, network, transfers, { blockNumber: to, blockHash: toHash });
      from = to + 1n;
    }
    const { advanced, reversed } = await refreshDeposits(this.deps, network, head, (n) => this.hashAt(n));
    const { sent: rebroadcast } = await this.chain.flush();
    const settled = await this.followWithdrawals(head);
    return { found, advanced, reversed, rebroadcast, withdrawals: settled };
  }

  /** Transfers to our addresses in blocks [from, to]. */
  async scan(from: bigint, to: bigint): Promise<ObservedTransfer[]> {
    const { client } = this.chain;
    const ours = await watchedAddresses(this.deps.ctx.db, this.chain.network);
    if (!ours.size) return [];
    const out: ObservedTransfer[] = [];
    for (let n = from; n <= to; n += 1n) {
      const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
      for (const t of block.transactions) {
        const userId = t.to ? ours.get(t.to.toLowerCase()) : undefined;
        if (userId === undefined || t.value === 0n) continue;
        // a value sent along a call that reverted moved nothing
        const receipt = await client.getTransactionReceipt({ hash: t.hash });
        if (receipt.status !== 'success') continue;
        const amount = this.chain.platformUnits(this.chain.nativeCurrency, t.value);
        if (amount <= 0n) continue;
        out.push({
          userId,
          currency: this.chain.nativeCurrency,
          address: t.to!,
          txKey: t.hash,
          amount,
          blockNumber: n,
          blockHash: block.hash!,
        });
      }
    }
    if (this.chain.tokens.length) {
      const logs = await client.getLogs({
        address: this.chain.tokens.map((t) => t.address),
        event: TRANSFER,
        args: { to: [...ours.keys()] as Address[] },
        fromBlock: from,
        toBlock: to,
      });
      for (const log of logs) {
        const token = this.chain.tokens.find((t) => t.address.toLowerCase() === log.address.toLowerCase());
        const userId = log.args.to ? ours.get(log.args.to.toLowerCase()) : undefined;
        if (!token || userId === undefined || !log.args.value || log.removed) continue;
        const amount = this.chain.platformUnits(token.currency, log.args.value);
        if (amount <= 0n) continue;
        out.push({
          userId,
          currency: token.currency,
          address: log.args.to!,
          txKey: `${log.transactionHash}:${log.logIndex}`,
          amount,
          blockNumber: log.blockNumber!,
          blockHash: log.blockHash!,
        });
      }
    }
    // below the network's minimum deposit nothing is credited (the coins stay in the outside world)
    return out.filter((t) => {
      const c = chainOf(t.currency, this.chain.network);
      return !!c && t.amount >= parseUnits(c.minDeposit, currencyOf(t.currency)!.scale);
    });
  }

  /**
   * Sent withdrawals of this network, followed through every hash signed for them (a replaced one
   * too, so whichever was mined settles it, once):
   * - mined and UNLOCK_CONFIRMATIONS deep → completed;
   * - reverted, UNLOCK_CONFIRMATIONS deep → failed, the whole amount back to the user by a journal
   *   entry (not at 1: a reorg could still mine it again, successfully, in another block);
   * - none of them mined but their nonce spent, UNLOCK_CONFIRMATIONS deep, by a transaction that is
   *   not theirs (an operator's cancel, or a send from the hot wallet by other means) → none of them
   *   can ever be mined: failed and refunded the same way.
   */
  private async followWithdrawals(head: bigint): Promise<number> {
    const { client, network } = this.chain;
    const sent = await this.deps.ctx.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.chain, network), eq(withdrawals.status, 'sent')));
    if (!sent.length) return 0;
    const txs = await this.deps.ctx.db
      .select()
      .from(chainTransactions)
      .where(
        and(
          eq(chainTransactions.network, network),
          inArray(
            chainTransactions.reference,
            sent.map((w) => `withdrawal:${w.id}`),
          ),
        ),
      );
    const deep = (blockNumber: bigint) => head - blockNumber + 1n >= BigInt(UNLOCK_CONFIRMATIONS);
    const settledDepth = head - BigInt(UNLOCK_CONFIRMATIONS) + 1n;
    let settled = 0;
    for (const w of sent) {
      const own = txs.filter((t) => t.reference === `withdrawal:${w.id}`);
      let receipt: Awaited<ReturnType<typeof client.getTransactionReceipt>> | null = null;
      for (const t of own) {
        // only "no such receipt" means not mined: a node that fails to answer must not look like one,
        // or the nonce rule below could refund a withdrawal that was paid
        receipt = await client.getTransactionReceipt({ hash: t.txHash as Hex }).catch((e: unknown) => {
          if (e instanceof TransactionReceiptNotFoundError) return null;
          throw e;
        });
        if (receipt) break;
      }
      if (receipt) {
        if (!deep(receipt.blockNumber)) continue;
        if (receipt.status === 'reverted') await failWithdrawal(this.deps, this.audit, null, w.id);
        else await confirmWithdrawal(this.deps, this.audit, null, w.id);
        settled += 1;
        continue;
      }
      const first = own[0];
      if (!first || settledDepth < 0n) continue;
      const spent = BigInt(
        await client.getTransactionCount({ address: first.fromAddress as Address, blockNumber: settledDepth }),
      );
      if (first.nonce !== null && spent > first.nonce) {
        await failWithdrawal(this.deps, this.audit, null, w.id);
        settled += 1;
      }
    }
    return settled;
  }
}
