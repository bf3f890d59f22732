import { describe, expect, it } from 'vitest';
import { encodeTransferRaw, transferTxId } from './tron-transaction.ts';

/**
 * The encoder against a transaction a TRON full node built (a TRC-20 `transfer` answered by
 * `/wallet/triggersmartcontract` on the Nile test network): the same fields must give the node's bytes,
 * or a signature over our bytes would not verify against what the node reads from the broadcast JSON.
 */
const node = {
  raw_data: {
    data: 'a9059cbb000000000000000000000000ed87a3ae2bf2ab8b95486a23f224487ad75c60200000000000000000000000000000000000000000000000000000000000000014',
    owner_address: '41b42b84bad413dde093e27d01bb02ed9eede52c43',
    contract_address: '41eca9bc828a3005b9a3b909f2cc5c2a54794de05f',
    ref_block_bytes: '84e1',
    ref_block_hash: '1731d6450e11a03f',
    expiration: 1670168865000,
    fee_limit: 100000000,
    timestamp: 1670168805340,
  },
  raw_data_hex:
    '0a0284e122081731d6450e11a03f40e8d1c9eecd305aae01081f12a9010a31747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e54726967676572536d617274436f6e747261637412740a1541b42b84bad413dde093e27d01bb02ed9eede52c43121541eca9bc828a3005b9a3b909f2cc5c2a54794de05f2244a9059cbb000000000000000000000000ed87a3ae2bf2ab8b95486a23f224487ad75c6020000000000000000000000000000000000000000000000000000000000000001470dcffc5eecd30900180c2d72f',
};

describe('TRON transfer encoding', () => {
  it("gives a full node's bytes for the same fields", () => {
    const r = node.raw_data;
    const fields = {
      refBlockBytes: r.ref_block_bytes,
      refBlockHash: r.ref_block_hash,
      expiration: r.expiration,
      timestamp: r.timestamp,
      feeLimit: r.fee_limit,
      owner: r.owner_address,
      contract: r.contract_address,
      data: r.data,
    };
    expect(Buffer.from(encodeTransferRaw(fields)).toString('hex')).toBe(node.raw_data_hex);
    expect(transferTxId(fields)).toMatch(/^[0-9a-f]{64}$/);
  });
});
