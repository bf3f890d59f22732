import fs from 'node:fs';
import { verifyReserveProof } from '../packages/contract/src/reserves.ts';

/**
 * npm run por:verify -- proof.json — checks a proof-of-reserves inclusion proof downloaded from the app,
 * with no server code: recomputes the root from the leaf and the path (SHA-256) and compares it with the
 * published root. A file holding several proofs (the page's "download all") is checked proof by proof.
 * Exit 0 and the root when every proof matches, 1 otherwise, 2 when the file cannot be read.
 */
const file = process.argv.slice(2).find((a) => a !== '--');
if (!file) {
  process.stderr.write('usage: npm run por:verify -- proof.json\n');
  process.exit(2);
}
let parsed: unknown;
try {
  parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
} catch (e) {
  process.stderr.write(`cannot read ${file}: ${(e as Error).message}\n`);
  process.exit(2);
}
const proofs = Array.isArray(parsed) ? parsed : [parsed];
let ok = proofs.length > 0;
for (const proof of proofs) {
  const p = proof as { currency?: unknown; snapshotId?: unknown; leaf?: { balance?: unknown } };
  const what = `${String(p.currency)} snapshot ${String(p.snapshotId)}`;
  const r = await verifyReserveProof(proof);
  if (r.ok)
    process.stdout.write(`OK ${what}: balance ${String(p.leaf?.balance)} is included; root ${r.root} sum ${r.sum}\n`);
  else {
    ok = false;
    process.stdout.write(`DOES NOT MATCH ${what}: ${r.reason}${r.computed ? ` (recomputed ${r.computed})` : ''}\n`);
  }
}
process.exit(ok ? 0 : 1);
