import crypto from 'node:crypto';
import { leafPreimage, nodePreimage, type ReserveProofStep } from '@tidemark/contract/reserves';

/** One user's liability in one currency: the leaf before hashing. */
export interface LiabilityLeaf {
  userId: number;
  /** Random per snapshot and user, so a leaf hash reveals neither the user nor the balance. */
  nonce: string;
  /** Integer minor units, never negative. */
  balance: bigint;
}

export interface TreeNode {
  hash: string;
  sum: bigint;
}

/** levels[0] are the leaves (in tree order), the last level holds the root alone. */
export type TreeLevels = TreeNode[][];

export const sha256Hex = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');

/** Leaf order: by leaf hash, which the random nonce makes unrelated to user ids and balances. */
export function hashLeaves(currency: string, leaves: readonly LiabilityLeaf[]): (TreeNode & { leaf: LiabilityLeaf })[] {
  return leaves
    .map((leaf) => {
      if (leaf.balance < 0n) throw new Error(`negative liability for user ${leaf.userId} in ${currency}`);
      return {
        leaf,
        hash: sha256Hex(leafPreimage(currency, leaf.userId, leaf.nonce, leaf.balance)),
        sum: leaf.balance,
      };
    })
    .sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
}

/**
 * A parent over two children: its hash commits to both children's hashes and sums, its sum is theirs
 * added. A negative child is refused at every node (a tree that could carry a negative sum could hide
 * one user's balance behind another's).
 */
export function parentOf(left: TreeNode, right: TreeNode): TreeNode {
  if (left.sum < 0n || right.sum < 0n) throw new Error('negative sum in the reserves tree');
  return { hash: sha256Hex(nodePreimage(left.hash, right.hash, left.sum, right.sum)), sum: left.sum + right.sum };
}

/** Builds every level up to the root; an odd node out at the end of a level moves up unchanged. */
export function buildLevels(leaves: readonly TreeNode[]): TreeLevels {
  if (!leaves.length) throw new Error('a reserves tree needs at least one leaf');
  const levels: TreeLevels = [leaves.map((n) => ({ hash: n.hash, sum: n.sum }))];
  for (let level = levels[0]!; level.length > 1;) {
    const next: TreeNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      next.push(right ? parentOf(level[i]!, right) : level[i]!);
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/**
 * The positions of the nodes a leaf's proof needs: the sibling at each level where there is one.
 * `levelSizes[k]` is the number of nodes at level k.
 */
export function siblingPositions(levelSizes: readonly number[], leafIndex: number) {
  const out: { level: number; idx: number; side: 'left' | 'right' }[] = [];
  let i = leafIndex;
  for (let level = 0; level < levelSizes.length - 1; level++) {
    const sibling = i ^ 1;
    if (sibling < levelSizes[level]!) out.push({ level, idx: sibling, side: sibling < i ? 'left' : 'right' });
    i >>= 1;
  }
  return out;
}

/** The proof path of a leaf in built levels. */
export function proofPath(levels: TreeLevels, leafIndex: number): ReserveProofStep[] {
  return siblingPositions(
    levels.map((l) => l.length),
    leafIndex,
  ).map(({ level, idx, side }) => {
    const n = levels[level]![idx]!;
    return { side, hash: n.hash, sum: n.sum.toString() };
  });
}

export const rootOf = (levels: TreeLevels): TreeNode => levels[levels.length - 1]![0]!;
