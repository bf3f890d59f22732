import { sha256 } from '@noble/hashes/sha2.js';

/**
 * A TRC-20 `transfer` as the TRON protocol serialises it (protobuf `Transaction.raw` holding one
 * `TriggerSmartContract`). The signer encodes the bytes it signs itself, from typed fields, instead
 * of signing bytes a node handed over: what is signed is exactly what was authorised. The adapter
 * checks the encoder against the node (the node's transaction re-encoded must give the node's bytes),
 * because the node verifies the signature over its own serialisation of the JSON we broadcast.
 */
export interface TronTransfer {
  /** 2 bytes of the reference block's number, hex (TaPoS: binds the transaction to this chain). */
  refBlockBytes: string;
  /** 8 bytes of the reference block's id, hex. */
  refBlockHash: string;
  /** ms since the epoch; after it the transaction can never be mined. */
  expiration: number;
  timestamp: number;
  /** The most TRX (in sun) the call may burn for energy. */
  feeLimit: number;
  /** 41… hex addresses */
  owner: string;
  contract: string;
  /** The call data: the `transfer(address,uint256)` selector and its arguments, hex. */
  data: string;
}

const TRIGGER_SMART_CONTRACT = 31;
const TYPE_URL = 'type.googleapis.com/protocol.TriggerSmartContract';

function varint(n: number | bigint): number[] {
  let v = BigInt(n);
  if (v < 0n) throw new Error('negative varint');
  const out: number[] = [];
  do {
    const b = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v ? b | 0x80 : b);
  } while (v);
  return out;
}

const key = (field: number, wire: 0 | 2) => varint((field << 3) | wire);
const bytes = (field: number, b: Uint8Array) => [...key(field, 2), ...varint(b.length), ...b];
const int = (field: number, n: number | bigint) => (BigInt(n) === 0n ? [] : [...key(field, 0), ...varint(n)]);
const hex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));

/** `Transaction.raw` of the transfer, field by field in number order (as java-tron writes it). */
export function encodeTransferRaw(t: TronTransfer): Uint8Array {
  const call = [...bytes(1, hex(t.owner)), ...bytes(2, hex(t.contract)), ...bytes(4, hex(t.data))];
  const any = [...bytes(1, new TextEncoder().encode(TYPE_URL)), ...bytes(2, Uint8Array.from(call))];
  const contract = [...int(1, TRIGGER_SMART_CONTRACT), ...bytes(2, Uint8Array.from(any))];
  return Uint8Array.from([
    ...bytes(1, hex(t.refBlockBytes)),
    ...bytes(4, hex(t.refBlockHash)),
    ...int(8, t.expiration),
    ...bytes(11, Uint8Array.from(contract)),
    ...int(14, t.timestamp),
    ...int(18, t.feeLimit),
  ]);
}

/** The transaction id: sha256 of the raw bytes (what is signed). */
export function transferTxId(t: TronTransfer): string {
  return Buffer.from(sha256(encodeTransferRaw(t))).toString('hex');
}

/** The JSON `raw_data` the full node's `/wallet/broadcasttransaction` reads (`visible: false`). */
export function transferRawJson(t: TronTransfer) {
  return {
    contract: [
      {
        parameter: {
          value: { data: t.data, owner_address: t.owner, contract_address: t.contract },
          type_url: TYPE_URL,
        },
        type: 'TriggerSmartContract',
      },
    ],
    ref_block_bytes: t.refBlockBytes,
    ref_block_hash: t.refBlockHash,
    expiration: t.expiration,
    fee_limit: t.feeLimit,
    timestamp: t.timestamp,
  };
}

/** The call data of `transfer(to, amount)` (to: 41… hex). */
export function transferData(toHex41: string, amount: bigint): string {
  return `a9059cbb${toHex41.slice(2).padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
}
