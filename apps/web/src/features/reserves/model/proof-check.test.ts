import { describe, expect, it } from 'vitest';
import { nodePreimage, leafPreimage, webCryptoSha256, type ReserveProof } from '@tidemark/contract/reserves';
import { checkProof, ratioPercent } from './proof-check.ts';

/** A two-leaf tree built by hand from the published hashing rules. */
async function twoLeafProof(): Promise<ReserveProof> {
  const mine = await webCryptoSha256(leafPreimage('USDT', 5, 'aa'.repeat(16), 1_500_250_000n));
  const other = await webCryptoSha256(leafPreimage('USDT', 9, 'bb'.repeat(16), 40_000_000n));
  const root = await webCryptoSha256(nodePreimage(mine, other, 1_500_250_000n, 40_000_000n));
  return {
    format: 'tidemark-por-1',
    snapshotId: 3,
    takenAt: 0,
    currency: 'USDT',
    scale: 6,
    leaf: { userId: 5, nonce: 'aa'.repeat(16), balance: '1500250000' },
    path: [{ side: 'right', hash: other, sum: '40000000' }],
    root: { hash: root, sum: '1540250000' },
  };
}

describe('the page’s proof check', () => {
  it('is verified when the path leads to the published root and total', async () => {
    const p = await twoLeafProof();
    expect(await checkProof(p, { rootHash: p.root.hash, liabilitiesUnits: '1540250000' })).toEqual({
      state: 'verified',
      root: p.root.hash,
    });
  });

  it('does not match when the balance was changed, or the root is not the published one', async () => {
    const p = await twoLeafProof();
    const published = { rootHash: p.root.hash, liabilitiesUnits: '1540250000' };
    expect(await checkProof({ ...p, leaf: { ...p.leaf, balance: '1500250001' } }, published)).toMatchObject({
      state: 'mismatch',
    });
    expect(await checkProof(p, { ...published, liabilitiesUnits: '1540250001' })).toEqual({
      state: 'mismatch',
      reason: 'not_published',
    });
    expect(await checkProof(p, undefined)).toMatchObject({ state: 'mismatch' });
  });

  it('shows the published ratio as an exact percentage', () => {
    expect(ratioPercent('1.909')).toBe('190.9');
    expect(ratioPercent('1')).toBe('100');
    expect(ratioPercent('0.0001')).toBe('0.01');
  });
});
