/**
 * Coin selection and transaction size for P2WPKH spends, in satoshis (bigint) and virtual bytes.
 * Pure: the adapter feeds it the hot wallet's free outputs and the fee rate.
 */
export interface Utxo {
  txid: string;
  vout: number;
  value: bigint;
}

/** An output worth less than this is not worth its own spending: it is left to the fee instead. */
export const DUST = 546n;

/**
 * Upper bound of a transaction's virtual size: 11 vB of version, counts, lock time and segwit marker
 * (10.5 rounded up), 68 vB per P2WPKH input (41 bytes plus a 108-byte witness at a quarter), and
 * 9 vB + the script per output.
 */
export function vsizeOf(inputs: number, outputScriptLengths: number[]): number {
  return 11 + 68 * inputs + outputScriptLengths.reduce((s, len) => s + 9 + len, 0);
}

export const feeFor = (vsize: number, satPerVbyte: bigint) => BigInt(vsize) * satPerVbyte;

/**
 * The largest outputs first until they pay `amount` and the fee at `satPerVbyte`; change back to the
 * hot wallet unless it would be dust (then it goes to the fee). Null when the outputs cannot pay.
 */
export function selectCoins(
  utxos: Utxo[],
  amount: bigint,
  satPerVbyte: bigint,
  scripts: { destination: number; change: number },
): { inputs: Utxo[]; fee: bigint; change: bigint } | null {
  const sorted = [...utxos].sort((a, b) => (a.value > b.value ? -1 : a.value < b.value ? 1 : 0));
  const inputs: Utxo[] = [];
  let total = 0n;
  for (const u of sorted) {
    inputs.push(u);
    total += u.value;
    const withChange = feeFor(vsizeOf(inputs.length, [scripts.destination, scripts.change]), satPerVbyte);
    if (total >= amount + withChange + DUST) return { inputs, fee: withChange, change: total - amount - withChange };
    const without = feeFor(vsizeOf(inputs.length, [scripts.destination]), satPerVbyte);
    if (total >= amount + without) return { inputs, fee: total - amount, change: 0n };
  }
  return null;
}
