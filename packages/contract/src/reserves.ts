/**
 * Proof of reserves: the Merkle-sum tree's hashing rules and the check of one user's inclusion proof.
 * The server builds the tree with the same preimages; the web page, the API tests and
 * `npm run por:verify` check a proof with `verifyReserveProof` — which needs nothing but SHA-256, so
 * anyone can re-implement it from docs/decisions/0023-proof-of-reserves.md.
 *
 * Amounts are integer minor units of the currency as decimal strings (never floats); hashes are
 * lowercase hex SHA-256 of UTF-8 text preimages whose fields are separated by "|" and can hold no "|".
 */

export const RESERVE_PROOF_FORMAT = 'tidemark-por-1';

/** One sibling on the way from the leaf to the root; `side` is where the sibling sits. */
export interface ReserveProofStep {
  side: 'left' | 'right';
  hash: string;
  /** The sibling's sum, integer minor units. */
  sum: string;
}

/** What a user downloads: everything needed to recompute the published root of one currency. */
export interface ReserveProof {
  format: typeof RESERVE_PROOF_FORMAT;
  snapshotId: number;
  /** Epoch milliseconds of the snapshot. */
  takenAt: number;
  currency: string;
  /** Decimal places of the currency's minor unit (to show `balance` as a decimal). */
  scale: number;
  leaf: { userId: number; nonce: string; balance: string };
  path: ReserveProofStep[];
  root: { hash: string; sum: string };
}

/** One currency of a published snapshot (the public call, the page and the console show it); decimal strings. */
export interface PublishedReserveCurrency {
  currency: string;
  rootHash: string;
  /** Σ of every user's balance in the tree (the root's sum). */
  liabilities: string;
  leafCount: number;
  /** Withdrawals approved and leaving: still held, no longer in a user's balance. */
  inFlight: string;
  holdings: { source: 'chain' | 'simulated'; network: string; amount: string; demo: boolean }[];
  holdingsTotal: string;
  /** holdings ÷ (liabilities + in flight), 4 decimals rounded down; null when nothing is owed. */
  ratio: string | null;
  /** True when any of the holdings is the simulated chain's (no coins behind it). */
  demo: boolean;
}

export interface PublishedReserveSnapshot {
  id: number;
  takenAt: number;
  source: 'console' | 'cli' | 'schedule';
  currencies: PublishedReserveCurrency[];
}

export const leafPreimage = (currency: string, userId: number, nonce: string, balance: bigint): string =>
  `leaf|${currency}|${userId}|${nonce}|${balance}`;

export const nodePreimage = (leftHash: string, rightHash: string, leftSum: bigint, rightSum: bigint): string =>
  `node|${leftHash}|${rightHash}|${leftSum}|${rightSum}`;

export type Sha256Hex = (text: string) => Promise<string>;

/** SHA-256 through WebCrypto (browsers, Node ≥ 19): lowercase hex. */
export const webCryptoSha256: Sha256Hex = async (text) => {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
};

export type ReserveProofResult =
  | { ok: true; root: string; sum: string }
  | { ok: false; reason: 'malformed' | 'negative' | 'root_mismatch' | 'sum_mismatch'; computed?: string };

const INTEGER = /^(0|[1-9]\d*)$/;
const HEX64 = /^[0-9a-f]{64}$/;
const NONCE = /^[0-9a-f]{16,128}$/;
const CURRENCY = /^[A-Z0-9]{1,16}$/;

/**
 * Recomputes the root from a proof: the leaf's hash, then each parent's hash over its children's hashes
 * and sums; a sum is never negative (the fields only hold non-negative integers) and a parent's sum is
 * the two children's. Matches when both the hash and the sum equal the published root's.
 */
export async function verifyReserveProof(
  proof: unknown,
  sha256: Sha256Hex = webCryptoSha256,
): Promise<ReserveProofResult> {
  const p = proof as Partial<ReserveProof> | null;
  if (!p || typeof p !== 'object' || p.format !== RESERVE_PROOF_FORMAT) return { ok: false, reason: 'malformed' };
  const { leaf, path, root, currency } = p;
  if (
    typeof currency !== 'string' ||
    !CURRENCY.test(currency) ||
    !leaf ||
    !Number.isSafeInteger(leaf.userId) ||
    typeof leaf.nonce !== 'string' ||
    !NONCE.test(leaf.nonce) ||
    !root ||
    typeof root.hash !== 'string' ||
    !HEX64.test(root.hash) ||
    !Array.isArray(path) ||
    path.length > 64
  )
    return { ok: false, reason: 'malformed' };
  const sums = [leaf.balance, root.sum, ...path.map((s) => s?.sum)];
  if (sums.some((s) => typeof s === 'string' && /^-\d+$/.test(s))) return { ok: false, reason: 'negative' };
  if (!sums.every((s) => typeof s === 'string' && INTEGER.test(s))) return { ok: false, reason: 'malformed' };
  if (!path.every((s) => (s.side === 'left' || s.side === 'right') && HEX64.test(s.hash)))
    return { ok: false, reason: 'malformed' };

  let sum = BigInt(leaf.balance!);
  let hash = await sha256(leafPreimage(currency, leaf.userId!, leaf.nonce, sum));
  for (const step of path) {
    const other = BigInt(step.sum);
    hash =
      step.side === 'left'
        ? await sha256(nodePreimage(step.hash, hash, other, sum))
        : await sha256(nodePreimage(hash, step.hash, sum, other));
    sum += other;
  }
  if (hash !== root.hash) return { ok: false, reason: 'root_mismatch', computed: hash };
  if (sum.toString() !== root.sum) return { ok: false, reason: 'sum_mismatch', computed: sum.toString() };
  return { ok: true, root: hash, sum: sum.toString() };
}
