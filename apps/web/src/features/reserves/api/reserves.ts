import { queryOptions } from '@tanstack/react-query';
import type { PublishedReserveSnapshot, ReserveProof } from '@tidemark/contract/reserves';
import { apiPost } from '../../../lib/api.ts';

/** Proof-of-reserves calls (apps/server/src/modules/reserves/reserves.module.ts). */
export interface MyProofs {
  snapshotId: number;
  takenAt: number;
  proofs: ReserveProof[];
}

export const latestSnapshotQuery = () =>
  queryOptions({
    queryKey: ['reserves', 'latest'],
    queryFn: async () =>
      (await apiPost<{ snapshots: PublishedReserveSnapshot[] }>('/xb/v1/reserves/snapshots', { limit: 1 }))
        .snapshots[0] ?? null,
  });

/** The proofs of the snapshot the page shows (a newer one may have been published since). */
export const myProofsQuery = (snapshotId: number) =>
  queryOptions({
    queryKey: ['reserves', 'proofs', snapshotId],
    queryFn: () => apiPost<MyProofs>('/xb/v1/reserves/proof', { snapshotId }),
  });
