import { formatUnits, parseUnits } from '@tidemark/contract/money';
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

/** The file a user downloads and gives to `npm run por:verify`. */
export function proofFileName(proof: ReserveProof): string {
  return `tidemark-proof-${proof.snapshotId}-${proof.currency}.json`;
}

/** The published ratio ("1.0234", 4 decimals) as a percentage string ("102.34"). */
export function ratioPercent(ratio: string): string {
  return formatUnits(parseUnits(ratio, 4), 2);
}
