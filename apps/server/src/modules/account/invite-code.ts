import crypto from 'node:crypto';

/** Upper-case letters and digits without the look-alikes 0/O and 1/I, so codes survive being read aloud. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random 8-character invite code (32^8 ≈ 10^12 values; the unique index settles collisions). */
export function newInviteCode(): string {
  const bytes = crypto.randomBytes(8);
  let code = '';
  for (const b of bytes) code += ALPHABET[b % ALPHABET.length];
  return code;
}
