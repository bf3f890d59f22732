import { describe, expect, it } from 'vitest';
import { DUST, selectCoins, vsizeOf } from './btc-coins.ts';

const utxo = (n: number, value: bigint) => ({ txid: n.toString(16).padStart(64, '0'), vout: 0, value });
const p2wpkh = { destination: 22, change: 22 };

describe('P2WPKH coin selection', () => {
  it('takes the largest outputs first and sends the change home', () => {
    const r = selectCoins([utxo(1, 10_000n), utxo(2, 500_000n), utxo(3, 300_000n)], 600_000n, 10n, p2wpkh)!;
    expect(r.inputs.map((u) => u.value)).toEqual([500_000n, 300_000n]);
    expect(r.fee).toBe(10n * BigInt(vsizeOf(2, [22, 22])));
    expect(r.change).toBe(800_000n - 600_000n - r.fee);
  });

  it('leaves change below dust to the fee instead of making an output of it', () => {
    const fee = 10n * BigInt(vsizeOf(1, [22]));
    const r = selectCoins([utxo(1, 100_000n + fee + DUST - 1n)], 100_000n, 10n, p2wpkh)!;
    expect(r.change).toBe(0n);
    expect(r.fee).toBe(fee + DUST - 1n);
  });

  it('answers null when the outputs cannot pay the amount and the fee', () => {
    expect(selectCoins([utxo(1, 100_000n)], 100_000n, 1n, p2wpkh)).toBeNull();
    expect(selectCoins([], 1n, 1n, p2wpkh)).toBeNull();
  });
});
