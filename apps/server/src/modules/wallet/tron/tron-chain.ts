import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { parseUnits } from '@tidemark/contract/money';
import type { Db } from '../../../platform/db/database.ts';
import { chainOf, currencyOf } from '../../market/currencies.ts';
import type { AuditService } from '../../operator/audit.service.ts';
import { isValidAddress } from '../addresses.ts';
import type { AdapterHealth, ChainAdapter, OutgoingTransfer } from '../chain-adapter.ts';
import { readCursor, recordScan, refreshDeposits, watchedAddresses, type ObservedTransfer } from '../chain-deposits.ts';
import { tronAddressFromXpub, tronHex } from '../chain-keys.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { chainTransactions } from '../wallet.schema.ts';
import { broadcastProblemOf, custodyAddresses, hotWalletHealth, noSignerError } from '../hot-wallet.ts';
import { nodeMessage, rebroadcastTron, settleTronWithdrawals } from './tron-settle.ts';
import type { TronSigner } from './tron-signer.ts';
import { encodeTransferRaw, transferData, transferRawJson, type TronTransfer } from './tron-transaction.ts';

const base58check = createBase58check(sha256);
/** The selector of ERC-20/TRC-20 `transfer(address,uint256)`. */
const TRANSFER = 'a9059cbb';

/** The parts of a full node's block (POST /wallet/getblockbynum) this adapter reads. */
export interface TronBlock {
  blockID: string;
  block_header: { raw_data: { number: number; timestamp?: number } };
  transactions?: {
    txID: string;
    ret?: { contractRet?: string }[];
    raw_data: {
      contract: { type: string; parameter: { value: { contract_address?: string; data?: string } } }[];
    };
  }[];
}

/** T… address of a hex address as the full node writes it (41 + 20 bytes). */
export function tronBase58(hex41: string): string {
  return base58check.encode(Uint8Array.from(Buffer.from(hex41, 'hex')));
}

/** What `/wallet/triggersmartcontract` answers (api.TransactionExtention), the parts read here. */
interface BuiltTransaction {
  result?: { result?: boolean; code?: string; message?: string };
  transaction?: {
    raw_data: { ref_block_bytes: string; ref_block_hash: string; expiration: number; timestamp: number };
    raw_data_hex: string;
  };
}

/** An hour: long enough to outlast a restart, short enough to refund an unmined withdrawal soon. */
const DEFAULT_EXPIRATION_MS = 3_600_000;
/** 50 TRX: a USDT transfer to a new holder burns about 28 TRX of energy at today's price. */
const DEFAULT_FEE_LIMIT_SUN = 50_000_000;

/**
 * TRON TRC-20 (USDT) over a full node's HTTP API: deposit addresses from a BIP-44 `m/44'/195'/0'` xpub,
 * blocks scanned from a cursor (`/wallet/getnowblock`, `/wallet/getblockbynum`) for successful
 * `TriggerSmartContract` calls of the token's `transfer` to our addresses, confirmations and reorgs
 * from block ids. Withdrawals: the node builds the `transfer` (`/wallet/triggersmartcontract`, which
 * gives the reference block), the signer (tron-signer.ts) encodes and signs it with a longer
 * expiration, the signed transaction is recorded with the approval and broadcast after the commit
 * (`flush`); tron-settle.ts settles it from its receipt. Tested against recorded and hand-built
 * responses only, never against a live node.
 */
export class TronChain implements ChainAdapter {
  readonly name = 'tron';
  readonly network: string;
  private readonly baseUrl: string;
  private readonly xpub: string;
  /** hex (41…) contract address → currency */
  private readonly tokens: Map<string, string>;
  private readonly startBlock: bigint | undefined;
  readonly signer: TronSigner | undefined;
  private readonly db: Db | undefined;
  /** The most TRX (sun) a withdrawal may burn for energy; the signer refuses more. */
  readonly feeLimit: number;
  private readonly expirationMs: number;
  /** The last broadcast's refusals, shown in the network's status until they clear. */
  private broadcastProblem: string | undefined;

  constructor(o: {
    network: string;
    baseUrl: string;
    xpub: string;
    tokens: { currency: string; address: string }[];
    startBlock?: bigint;
    /** Absent: deposits only, withdrawals suspended. */
    signer?: TronSigner | undefined;
    /** Where the signed transactions are recorded (needed with a signer). */
    db?: Db | undefined;
    feeLimitSun?: number | undefined;
    /** How long after the node built it a transfer may still be mined (TRON allows up to 24 hours). */
    expirationMs?: number | undefined;
  }) {
    this.network = o.network;
    this.baseUrl = o.baseUrl.replace(/\/$/, '');
    this.xpub = o.xpub;
    this.startBlock = o.startBlock;
    this.signer = o.signer;
    this.db = o.db;
    if (this.signer && !this.db) throw new Error(`${o.network}: a signer needs the database its transactions go to`);
    this.feeLimit = o.feeLimitSun ?? DEFAULT_FEE_LIMIT_SUN;
    this.expirationMs = Math.min(o.expirationMs ?? DEFAULT_EXPIRATION_MS, 23 * 3_600_000);
    this.tokens = new Map(
      o.tokens.map((t) => [Buffer.from(base58check.decode(t.address)).toString('hex').toLowerCase(), t.currency]),
    );
  }

  /** Answers the node's JSON; an HTTP error throws (never read as "not found"). */
  async post<T>(path: string, body: unknown = {}): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`tron ${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  depositAddress(userId: number): string {
    return tronAddressFromXpub(this.xpub, userId);
  }

  isValidAddress(address: string): boolean {
    return isValidAddress('tron', address);
  }

  async head(): Promise<TronBlock> {
    return this.post<TronBlock>('/wallet/getnowblock');
  }

  async block(n: bigint): Promise<TronBlock | null> {
    const b = await this.post<Partial<TronBlock>>('/wallet/getblockbynum', { num: Number(n) });
    return b.blockID ? (b as TronBlock) : null;
  }

  async health(): Promise<AdapterHealth> {
    await this.head();
    return hotWalletHealth({
      hasSigner: this.signer !== undefined,
      broadcastProblem: this.broadcastProblem,
      scannerLag: 0,
    });
  }

  async estimateFee(): Promise<string> {
    return `energy: about 65000 for a TRC-20 transfer (burns TRX without staked energy; at most ${this.feeLimit / 1e6} TRX)`;
  }

  /** The token contract of `currency`, 41… hex, lower case. */
  tokenHex(currency: string): string | undefined {
    for (const [hex, c] of this.tokens) if (c === currency) return hex;
    return undefined;
  }

  /** Chain units of platform minor units: TRC-20 USDT has 6 decimals, the platform's USDT scale too. */
  chainUnits(currency: string, units: bigint): bigint {
    const scale = currencyOf(currency)?.scale;
    if (scale !== 6) throw new Error(`${this.network}: ${currency} has no known token decimals`);
    return units;
  }

  /** What the hot wallet holds of the token (`balanceOf`, a constant call), in chain units. */
  async tokenBalance(contractHex: string, ownerHex: string): Promise<bigint> {
    const r = await this.post<{ constant_result?: string[]; result?: { result?: boolean; message?: string } }>(
      '/wallet/triggerconstantcontract',
      {
        owner_address: ownerHex,
        contract_address: contractHex,
        function_selector: 'balanceOf(address)',
        parameter: ownerHex.slice(2).padStart(64, '0'),
        visible: false,
      },
    );
    const out = r.constant_result?.[0];
    if (!r.result?.result || out === undefined) throw new Error(`balanceOf: ${nodeMessage(r.result?.message)}`);
    return BigInt(`0x${out || '0'}`);
  }

  /** What the hot wallet and every deposit address hold of `currency`'s token, in platform minor units. */
  async holdings(currency: string): Promise<bigint> {
    const contract = this.tokenHex(currency);
    if (!contract || !this.db) return 0n;
    let total = 0n;
    for (const owner of await custodyAddresses(this.db, this.network, this.signer?.hotAddress))
      total += await this.tokenBalance(contract, tronHex(owner));
    return total;
  }

  private requireSigner(): { signer: TronSigner; db: Db } {
    if (!this.signer || !this.db) throw noSignerError(this.network);
    return { signer: this.signer, db: this.db };
  }

  /**
   * A withdrawal from the hot wallet, called inside the approval's transaction `tx`: the node builds
   * the transfer (and with it the reference block), the signer signs our own encoding of it with the
   * longer expiration, and the signed transaction is recorded in `tx`. It is NOT broadcast here:
   * `flush` sends it once `tx` has committed. A hot wallet short of the token is refused here,
   * before anything is signed (on chain it would revert and burn the energy).
   */
  async send(t: OutgoingTransfer, tx?: Db): Promise<{ txHash: string }> {
    const { signer, db } = this.requireSigner();
    const contract = this.tokenHex(t.currency);
    if (!contract) throw new Error(`${this.network} does not move ${t.currency}`);
    const amount = this.chainUnits(t.currency, parseUnits(t.amount, currencyOf(t.currency)!.scale));
    const held = await this.tokenBalance(contract, signer.hotHex);
    if (held < amount) throw new Error(`${signer.hotAddress} holds ${held} ${t.currency} units, needs ${amount}`);
    const data = transferData(tronHex(t.address), amount);
    const built = await this.post<BuiltTransaction>('/wallet/triggersmartcontract', {
      owner_address: signer.hotHex,
      contract_address: contract,
      function_selector: 'transfer(address,uint256)',
      parameter: data.slice(8),
      fee_limit: this.feeLimit,
      call_value: 0,
      visible: false,
    });
    const raw = built.transaction?.raw_data;
    if (!built.result?.result || !raw || !built.transaction) {
      throw new Error(
        `the node did not build the transfer: ${built.result?.code ?? ''} ${nodeMessage(built.result?.message)}`,
      );
    }
    const fields: Omit<TronTransfer, 'owner'> = {
      refBlockBytes: raw.ref_block_bytes,
      refBlockHash: raw.ref_block_hash,
      expiration: raw.expiration,
      timestamp: raw.timestamp,
      feeLimit: this.feeLimit,
      contract,
      data,
    };
    // the node reads the JSON we broadcast and verifies the signature over ITS serialisation of it:
    // its own transaction, encoded by us, must come out byte for byte as the node wrote it
    const asBuilt = Buffer.from(encodeTransferRaw({ ...fields, owner: signer.hotHex })).toString('hex');
    if (asBuilt !== built.transaction.raw_data_hex.toLowerCase()) {
      throw new Error('the node built another transaction than the transfer asked for');
    }
    const reference = `withdrawal:${t.withdrawalId}`;
    const expiration = raw.timestamp + this.expirationMs;
    const signed = await signer.sign({ reference, ...fields, expiration }, tx ?? db);
    const body = {
      visible: false,
      txID: signed.txID,
      raw_data: transferRawJson({ ...fields, expiration, owner: signer.hotHex }),
      raw_data_hex: signed.rawDataHex,
      signature: [signed.signature],
    };
    await (tx ?? db).insert(chainTransactions).values({
      network: this.network,
      reference,
      fromAddress: signer.hotAddress,
      txHash: signed.txID,
      rawTx: JSON.stringify(body),
      expiresAt: new Date(expiration),
    });
    return { txHash: signed.txID };
  }

  /**
   * Broadcasts every recorded withdrawal transaction not yet in a block (tron-settle.ts): the ones
   * just committed, and the ones a crash or the node lost. Called after each approval's commit and
   * by every watcher step.
   */
  async flush(): Promise<{ sent: number; refused: string[] }> {
    if (!this.db) return { sent: 0, refused: [] };
    const result = await rebroadcastTron(this, this.db);
    this.broadcastProblem = broadcastProblemOf(result.refused);
    return result;
  }

  /** The token transfers to our addresses in one block. */
  transfersIn(block: TronBlock, ours: Map<string, number>): ObservedTransfer[] {
    const out: ObservedTransfer[] = [];
    const height = BigInt(block.block_header.raw_data.number);
    for (const tx of block.transactions ?? []) {
      if (tx.ret?.[0]?.contractRet !== 'SUCCESS') continue;
      const c = tx.raw_data.contract[0];
      if (c?.type !== 'TriggerSmartContract') continue;
      const currency = this.tokens.get((c.parameter.value.contract_address ?? '').toLowerCase());
      const data = c.parameter.value.data ?? '';
      if (!currency || !data.startsWith(TRANSFER) || data.length < 8 + 128) continue;
      const to = tronBase58(`41${data.slice(8 + 24, 8 + 64)}`);
      const userId = ours.get(to.toLowerCase());
      if (userId === undefined) continue;
      const amount = BigInt(`0x${data.slice(8 + 64, 8 + 128)}`);
      const min = parseUnits(chainOf(currency, this.network)?.minDeposit ?? '0', currencyOf(currency)!.scale);
      if (amount < min) continue;
      out.push({
        userId,
        currency,
        address: to,
        txKey: tx.txID,
        amount,
        blockNumber: height,
        blockHash: block.blockID,
      });
    }
    return out;
  }

  /**
   * One watcher step: blocks from the cursor to the head, then confirmations and reorgs; then what is
   * recorded but not on chain is broadcast, and sent withdrawals are settled from their receipts.
   */
  async tick(
    deps: WalletDeps,
    audit: AuditService,
  ): Promise<{ found: number; advanced: number; reversed: number; rebroadcast: number; withdrawals: number }> {
    const head = await this.head();
    const top = BigInt(head.block_header.raw_data.number);
    const cursor = await readCursor(deps.ctx.db, this.network);
    let from = cursor ? cursor.blockNumber + 1n : (this.startBlock ?? top);
    if (cursor && (await this.block(cursor.blockNumber))?.blockID !== cursor.blockHash) from = cursor.blockNumber - 20n;
    if (from < 0n) from = 0n;
    const ours = await watchedAddresses(deps.ctx.db, this.network);
    let found = 0;
    for (let n = from; n <= top; n += 1n) {
      const b = await this.block(n);
      if (!b) break;
      found += await recordScan(deps, this.network, this.transfersIn(b, ours), {
        blockNumber: n,
        blockHash: b.blockID,
      });
    }
    const { advanced, reversed } = await refreshDeposits(
      deps,
      this.network,
      top,
      async (n) => (await this.block(n))?.blockID ?? null,
    );
    const { sent: rebroadcast } = await this.flush();
    const settled = await settleTronWithdrawals(this, deps, audit, top);
    return { found, advanced, reversed, rebroadcast, withdrawals: settled };
  }
}
