import { and, eq, inArray, sql } from 'drizzle-orm';
import { Address, NETWORK, OutScript, Transaction } from '@scure/btc-signer';
import { parseUnits } from '@tidemark/contract/money';
import type { Db } from '../../../platform/db/database.ts';
import { chainOf } from '../../market/currencies.ts';
import type { AuditService } from '../../operator/audit.service.ts';
import type { AdapterHealth, ChainAdapter, OutgoingTransfer } from '../chain-adapter.ts';
import { isValidAddress } from '../addresses.ts';
import { btcAddressFromXpub } from '../chain-keys.ts';
import { recordScan, refreshDeposits, watchedAddresses, type ObservedTransfer } from '../chain-deposits.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { chainTransactions, chainUtxoSpends } from '../wallet.schema.ts';
import { broadcastProblemOf, custodyAddresses, hotWalletHealth, noSignerError } from '../hot-wallet.ts';
import { selectCoins, type Utxo } from './btc-coins.ts';
import { rebroadcastBtc, settleBtcWithdrawals } from './btc-settle.ts';
import type { BtcSigner } from './btc-signer.ts';

/** The parts of an Esplora transaction this adapter reads (GET /address/:address/txs). */
interface EsploraTx {
  txid: string;
  vout: { scriptpubkey_address?: string; value: number }[];
  status: { confirmed: boolean; block_height?: number; block_hash?: string };
}

/** An output of `/address/:a/utxo`. */
interface EsploraUtxo {
  txid: string;
  vout: number;
  value: number;
  status: { confirmed: boolean };
}

/** 200 sat/vB: far above any ordinary estimate, low enough that a lying node cannot burn much. */
const DEFAULT_MAX_FEE_RATE = 200n;

/**
 * Bitcoin over an Esplora-compatible HTTP API (the API of blockstream.info / mempool.space and of a
 * self-hosted electrs): deposit addresses P2WPKH from a BIP-84 account xpub, deposits found per address
 * (`/address/:a/txs`), confirmations from the tip (`/blocks/tip/height`) and reorgs from
 * `/block-height/:n`. Withdrawals: a PSBT from the hot wallet's confirmed, unreserved outputs
 * (`/address/:hot/utxo`) at the node's fee estimate, change back to the hot wallet, signed by the
 * signer (btc-signer.ts), recorded with the approval with the outputs it spends reserved, broadcast
 * after the commit (`POST /tx`), settled by btc-settle.ts. Tested against recorded and hand-built
 * responses only, never against a live node.
 */
export class EsploraBitcoin implements ChainAdapter {
  readonly name = 'esplora';
  readonly network: string;
  private readonly baseUrl: string;
  private readonly xpub: string;
  readonly signer: BtcSigner | undefined;
  private readonly db: Db | undefined;
  /** The highest fee rate (sat/vB) a withdrawal may pay; the signer refuses more. */
  readonly maxFeeRate: bigint;
  /** The last broadcast's refusals, shown in the network's status until they clear. */
  private broadcastProblem: string | undefined;

  constructor(o: {
    network: string;
    baseUrl: string;
    xpub: string;
    /** Absent: deposits only, withdrawals suspended. */
    signer?: BtcSigner | undefined;
    /** Where the signed transactions and reserved outputs are recorded (needed with a signer). */
    db?: Db | undefined;
    maxFeeRate?: bigint | undefined;
  }) {
    this.network = o.network;
    this.baseUrl = o.baseUrl.replace(/\/$/, '');
    this.xpub = o.xpub;
    this.signer = o.signer;
    this.db = o.db;
    if (this.signer && !this.db) throw new Error(`${o.network}: a signer needs the database its transactions go to`);
    this.maxFeeRate = o.maxFeeRate ?? DEFAULT_MAX_FEE_RATE;
  }

  /** The node's answer whatever its status (callers that must tell "not found" from an error). */
  async request(path: string, init: { method?: string; body?: string } = {}): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
  }

  private async get(path: string): Promise<Response> {
    const res = await this.request(path);
    if (!res.ok) throw new Error(`esplora ${path}: HTTP ${res.status}`);
    return res;
  }

  depositAddress(userId: number): string {
    return btcAddressFromXpub(this.xpub, userId);
  }

  isValidAddress(address: string): boolean {
    return isValidAddress('btc', address);
  }

  async tip(): Promise<bigint> {
    return BigInt((await (await this.get('/blocks/tip/height')).text()).trim());
  }

  async hashAt(height: bigint): Promise<string | null> {
    try {
      return (await (await this.get(`/block-height/${height}`)).text()).trim();
    } catch {
      return null;
    }
  }

  private async estimates(): Promise<Record<string, number>> {
    return (await (await this.get('/fee-estimates')).json()) as Record<string, number>;
  }

  /** sat/vB for confirmation within ~3 blocks, as the node estimates it. */
  async estimateFee(): Promise<string> {
    const estimates = await this.estimates();
    return `${estimates['3'] ?? estimates['6'] ?? 1} sat/vB`;
  }

  /** The fee rate a withdrawal pays: the ~3-block estimate rounded up, at least the 1 sat/vB relay minimum. */
  private async feeRate(): Promise<bigint> {
    const estimates = await this.estimates();
    const rate = BigInt(Math.ceil(estimates['3'] ?? estimates['6'] ?? 1));
    if (rate > this.maxFeeRate) throw new Error(`fee estimate ${rate} sat/vB is above the maximum ${this.maxFeeRate}`);
    return rate < 1n ? 1n : rate;
  }

  async health(): Promise<AdapterHealth> {
    await this.tip();
    return hotWalletHealth({
      hasSigner: this.signer !== undefined,
      broadcastProblem: this.broadcastProblem,
      scannerLag: 0,
    });
  }

  /**
   * What the hot wallet and every deposit address hold, confirmed only (`/address/:a` chain_stats), in
   * satoshis: a withdrawal sent but not mined is still both on chain and in the `hot_wallet`
   * liability, so the two sides of the custody check agree until it is mined.
   */
  async holdings(currency: string): Promise<bigint> {
    if (currency !== 'BTC' || !this.db) return 0n;
    let total = 0n;
    for (const a of await custodyAddresses(this.db, this.network, this.signer?.hotAddress)) {
      const stats = (await (await this.get(`/address/${a}`)).json()) as {
        chain_stats: { funded_txo_sum: number; spent_txo_sum: number };
      };
      total += BigInt(stats.chain_stats.funded_txo_sum) - BigInt(stats.chain_stats.spent_txo_sum);
    }
    return total;
  }

  private requireSigner(): { signer: BtcSigner; db: Db } {
    if (!this.signer || !this.db) throw noSignerError(this.network);
    return { signer: this.signer, db: this.db };
  }

  /**
   * A withdrawal from the hot wallet, called inside the approval's transaction `tx`. Approvals spend
   * the hot wallet one at a time (a lock held until `tx` commits); the outputs chosen are the
   * confirmed ones no recorded transaction spends, and they are reserved in `tx` (a primary key:
   * two transactions can never be recorded spending the same output). The signed transaction is
   * recorded, NOT broadcast: `flush` sends it once `tx` has committed. Only confirmed outputs are
   * spent, so a withdrawal never hangs on an unconfirmed parent that could be dropped.
   */
  async send(t: OutgoingTransfer, tx?: Db): Promise<{ txHash: string }> {
    const { signer, db } = this.requireSigner();
    if (t.currency !== 'BTC') throw new Error(`${this.network} does not move ${t.currency}`);
    const w = tx ?? db;
    const amount = parseUnits(t.amount, 8); // satoshis
    const rate = await this.feeRate();
    await w.execute(sql`select pg_advisory_xact_lock(hashtext('wallet.chain.hot'), hashtext(${this.network}))`);
    const listed = (await (await this.get(`/address/${signer.hotAddress}/utxo`)).json()) as EsploraUtxo[];
    const confirmed = listed.filter((u) => u.status.confirmed);
    const outpoints = confirmed.map((u) => `${u.txid}:${u.vout}`);
    const reserved = outpoints.length
      ? await w
          .select({ outpoint: chainUtxoSpends.outpoint })
          .from(chainUtxoSpends)
          .where(and(eq(chainUtxoSpends.network, this.network), inArray(chainUtxoSpends.outpoint, outpoints)))
      : [];
    const taken = new Set(reserved.map((r) => r.outpoint));
    const free: Utxo[] = confirmed
      .filter((u) => !taken.has(`${u.txid}:${u.vout}`))
      .map((u) => ({ txid: u.txid, vout: u.vout, value: BigInt(u.value) }));
    const destination = OutScript.encode(Address(NETWORK).decode(t.address));
    const picked = selectCoins(free, amount, rate, {
      destination: destination.length,
      change: signer.hotScript.length,
    });
    if (!picked) {
      const sum = free.reduce((s, u) => s + u.value, 0n);
      throw new Error(`the hot wallet has ${sum} sat free in confirmed outputs, needs ${amount} sat and the fee`);
    }
    const unsigned = new Transaction();
    for (const u of picked.inputs) {
      unsigned.addInput({ txid: u.txid, index: u.vout, witnessUtxo: { script: signer.hotScript, amount: u.value } });
    }
    unsigned.addOutput({ script: destination, amount });
    if (picked.change > 0n) unsigned.addOutput({ script: signer.hotScript, amount: picked.change });
    const reference = `withdrawal:${t.withdrawalId}`;
    const signed = await signer.sign({ reference, psbt: unsigned.toPSBT() }, w);
    await w.insert(chainTransactions).values({
      network: this.network,
      reference,
      fromAddress: signer.hotAddress,
      txHash: signed.txid,
      rawTx: signed.hex,
    });
    await w
      .insert(chainUtxoSpends)
      .values(
        picked.inputs.map((u) => ({ network: this.network, outpoint: `${u.txid}:${u.vout}`, txHash: signed.txid })),
      );
    return { txHash: signed.txid };
  }

  /**
   * Broadcasts every recorded withdrawal transaction the node does not know (btc-settle.ts): the ones
   * just committed, and the ones a crash or the node lost. Called after each approval's commit and by
   * every watcher step.
   */
  async flush(): Promise<{ sent: number; refused: string[] }> {
    if (!this.db) return { sent: 0, refused: [] };
    const result = await rebroadcastBtc(this, this.db);
    this.broadcastProblem = broadcastProblemOf(result.refused);
    return result;
  }

  /**
   * One watcher step: every deposit address's transactions, then confirmations and reorgs; then what
   * is recorded but unknown to the node is broadcast, and sent withdrawals are settled.
   */
  async tick(
    deps: WalletDeps,
    audit: AuditService,
  ): Promise<{ found: number; advanced: number; reversed: number; rebroadcast: number; withdrawals: number }> {
    const tip = await this.tip();
    const ours = await watchedAddresses(deps.ctx.db, this.network);
    const found: ObservedTransfer[] = [];
    for (const [address, userId] of ours) {
      const txs = (await (await this.get(`/address/${address}/txs`)).json()) as EsploraTx[];
      for (const tx of txs) {
        if (!tx.status.confirmed || tx.status.block_height === undefined || !tx.status.block_hash) continue;
        tx.vout.forEach((out, n) => {
          if (out.scriptpubkey_address?.toLowerCase() !== address || out.value <= 0) return;
          found.push({
            userId,
            currency: 'BTC',
            address: out.scriptpubkey_address,
            txKey: `${tx.txid}:${n}`,
            amount: BigInt(out.value), // satoshis = the platform's 8 decimals
            blockNumber: BigInt(tx.status.block_height!),
            blockHash: tx.status.block_hash!,
          });
        });
      }
    }
    const tipHash = await this.hashAt(tip);
    const min = parseUnits(chainOf('BTC', this.network)?.minDeposit ?? '0', 8);
    const added = tipHash
      ? await recordScan(
          deps,
          this.network,
          found.filter((f) => f.amount >= min),
          { blockNumber: tip, blockHash: tipHash },
        )
      : 0;
    const { advanced, reversed } = await refreshDeposits(deps, this.network, tip, (n) => this.hashAt(n));
    const { sent: rebroadcast } = await this.flush();
    const settled = await settleBtcWithdrawals(this, deps, audit, tip);
    return { found: added, advanced, reversed, rebroadcast, withdrawals: settled };
  }
}
