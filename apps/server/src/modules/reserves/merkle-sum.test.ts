import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESERVE_PROOF_FORMAT, verifyReserveProof, type ReserveProof } from '@tidemark/contract/reserves';
import { buildLevels, hashLeaves, parentOf, proofPath, rootOf, type LiabilityLeaf } from './merkle-sum.ts';

const CURRENCY = 'USDT';

function proofFor(leaves: LiabilityLeaf[], userId: number): ReserveProof {
  const hashed = hashLeaves(CURRENCY, leaves);
  const levels = buildLevels(hashed);
  const index = hashed.findIndex((h) => h.leaf.userId === userId);
  const root = rootOf(levels);
  const leaf = hashed[index]!.leaf;
  return {
    format: RESERVE_PROOF_FORMAT,
    snapshotId: 1,
    takenAt: 0,
    currency: CURRENCY,
    scale: 6,
    leaf: { userId: leaf.userId, nonce: leaf.nonce, balance: leaf.balance.toString() },
    path: proofPath(levels, index),
    root: { hash: root.hash, sum: root.sum.toString() },
  };
}

/** Distinct users with random nonces and balances from zero to far beyond 2^53 minor units. */
const leavesArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 40 })
  .chain((ids) =>
    fc.tuple(
      fc.constant(ids),
      fc.array(fc.bigInt({ min: 0n, max: 10n ** 24n }), { minLength: ids.length, maxLength: ids.length }),
      fc.array(fc.uint8Array({ minLength: 16, maxLength: 16 }), { minLength: ids.length, maxLength: ids.length }),
    ),
  )
  .map(([ids, balances, nonces]) =>
    ids.map((userId, i): LiabilityLeaf => ({
      userId,
      balance: balances[i]!,
      nonce: Buffer.from(nonces[i]!).toString('hex'),
    })),
  );

describe('the Merkle-sum tree of liabilities', () => {
  it('a single leaf is its own root, with an empty path', async () => {
    const leaves = [{ userId: 7, nonce: 'ab'.repeat(16), balance: 1_500_000n }];
    const proof = proofFor(leaves, 7);
    expect(proof.path).toEqual([]);
    expect(proof.root.sum).toBe('1500000');
    expect(await verifyReserveProof(proof)).toMatchObject({ ok: true, sum: '1500000' });
  });

  it('refuses a negative balance and a negative child sum', () => {
    expect(() => hashLeaves(CURRENCY, [{ userId: 1, nonce: '00'.repeat(16), balance: -1n }])).toThrow(/negative/);
    expect(() => parentOf({ hash: 'a', sum: 5n }, { hash: 'b', sum: -1n })).toThrow(/negative/);
  });

  it('for any set of leaves: the root sums every balance and every proof verifies against it', async () => {
    await fc.assert(
      fc.asyncProperty(leavesArb, async (leaves) => {
        const levels = buildLevels(hashLeaves(CURRENCY, leaves));
        const total = leaves.reduce((s, l) => s + l.balance, 0n);
        expect(rootOf(levels).sum).toBe(total);
        for (const level of levels.slice(1)) expect(level.reduce((s, n) => s + n.sum, 0n)).toBe(total);
        for (const l of leaves) {
          const r = await verifyReserveProof(proofFor(leaves, l.userId));
          expect(r).toEqual({ ok: true, root: rootOf(levels).hash, sum: total.toString() });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('for any set of leaves: changing the leaf amount, the user, the nonce or any sibling breaks the proof', async () => {
    await fc.assert(
      fc.asyncProperty(
        leavesArb,
        fc.nat(),
        fc.nat(),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        async (leaves, pickUser, pickStep, delta) => {
          const proof = proofFor(leaves, leaves[pickUser % leaves.length]!.userId);
          const fails = async (p: ReserveProof) => expect((await verifyReserveProof(p)).ok).toBe(false);
          const balance = BigInt(proof.leaf.balance);
          await fails({ ...proof, leaf: { ...proof.leaf, balance: (balance + delta).toString() } });
          if (balance >= delta)
            await fails({ ...proof, leaf: { ...proof.leaf, balance: (balance - delta).toString() } });
          await fails({ ...proof, leaf: { ...proof.leaf, userId: proof.leaf.userId + 1 } });
          await fails({ ...proof, leaf: { ...proof.leaf, nonce: flipHex(proof.leaf.nonce) } });
          await fails({ ...proof, currency: 'BTC' });
          await fails({ ...proof, root: { ...proof.root, sum: (BigInt(proof.root.sum) + delta).toString() } });
          if (!proof.path.length) return;
          const k = pickStep % proof.path.length;
          const step = proof.path[k]!;
          const withStep = (s: typeof step) => ({ ...proof, path: proof.path.map((x, i) => (i === k ? s : x)) });
          await fails(withStep({ ...step, sum: (BigInt(step.sum) + delta).toString() }));
          if (BigInt(step.sum) >= delta) await fails(withStep({ ...step, sum: (BigInt(step.sum) - delta).toString() }));
          await fails(withStep({ ...step, hash: flipHex(step.hash) }));
          await fails(withStep({ ...step, side: step.side === 'left' ? 'right' : 'left' }));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses malformed and negative proofs without hashing them', async () => {
    const proof = proofFor(
      [
        { userId: 1, nonce: '01'.repeat(16), balance: 10n },
        { userId: 2, nonce: '02'.repeat(16), balance: 5n },
      ],
      1,
    );
    expect(await verifyReserveProof({ ...proof, format: 'other' })).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyReserveProof({ ...proof, leaf: { ...proof.leaf, balance: '1.5' } })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(await verifyReserveProof({ ...proof, leaf: { ...proof.leaf, balance: '-5' } })).toEqual({
      ok: false,
      reason: 'negative',
    });
    expect(await verifyReserveProof(null)).toEqual({ ok: false, reason: 'malformed' });
  });
});

function flipHex(hex: string): string {
  const last = hex.at(-1) === '0' ? '1' : '0';
  return hex.slice(0, -1) + last;
}
