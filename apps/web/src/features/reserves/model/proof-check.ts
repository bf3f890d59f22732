import { verifyReserveProof, type ReserveProof } from '@tidemark/contract/reserves';

export type ProofCheck = { state: 'verified'; root: string } | { state: 'mismatch'; reason: string };

/**
 * Checks a proof in the browser (WebCrypto SHA-256): the path must lead to the root it names, and that root
 * and sum must be the ones the platform published for the currency — a proof of some other tree proves nothing.
 */
export async function checkProof(
  proof: ReserveProof,
  published: { rootHash: string; liabilitiesUnits: string } | undefined,
): Promise<ProofCheck> {
  const r = await verifyReserveProof(proof);
  if (!r.ok) return { state: 'mismatch', reason: r.reason };
  if (!published || published.rootHash !== r.root || published.liabilitiesUnits !== r.sum)
    return { state: 'mismatch', reason: 'not_published' };
  return { state: 'verified', root: r.root };
}

/** A published decimal amount → integer minor units as a string ("1500.25", 6 → "1500250000"). */
export function toUnits(decimal: string, scale: number): string {
  const [whole = '0', frac = ''] = decimal.split('.');
  const units = `${whole}${frac.padEnd(scale, '0')}`.replace(/^0+(?=\d)/, '');
  return units;
}

/** Minor units → a decimal string at the currency's scale, trailing zeros dropped. */
export function fromUnits(units: string, scale: number): string {
  if (scale === 0) return units;
  const s = units.padStart(scale + 1, '0');
  const frac = s.slice(-scale).replace(/0+$/, '');
  return frac ? `${s.slice(0, -scale)}.${frac}` : s.slice(0, -scale);
}

/** The file a user downloads and gives to `npm run por:verify`. */
export function proofFileName(proof: ReserveProof): string {
  return `tidemark-proof-${proof.snapshotId}-${proof.currency}.json`;
}

/** The published ratio ("1.0234", 4 decimals) as a percentage string ("102.34"). */
export function ratioPercent(ratio: string): string {
  return fromUnits(toUnits(ratio, 4), 2);
}
