import { idField } from '@tidemark/contract';
import { z } from 'zod';

/** POST /xb/v1/share/card: which of the caller's items, and whether the card may show amounts (off by default). */
export const shareCardBody = z
  .object({
    kind: z.enum(['cycle', 'futures', 'earn'], 'share.badKind'),
    id: idField,
    amounts: z.boolean().default(false),
  })
  .strict();
