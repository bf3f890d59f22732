/**
 * What the identity photo upload accepts (apps/server/src/modules/kyc/photo-sanitizer.ts): JPEG,
 * PNG or WebP up to the server's UPLOAD_MAX_BYTES (5 MB by default). Checked here first so the user
 * hears why at once, in their language; the server sniffs the bytes and checks again.
 */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const NAMES = /\.(jpe?g|png|webp)$/i;

/** An i18n key (kyc namespace) saying why this file cannot be used, or null when it can. */
export function photoProblem(file: { type: string; name: string; size: number }): string | null {
  // some phones leave the type empty: then the name decides
  const typeOk = file.type ? TYPES.includes(file.type) : NAMES.test(file.name);
  if (!typeOk) return 'kyc:advanced.notImage';
  if (file.size === 0) return 'kyc:advanced.empty';
  if (file.size > MAX_PHOTO_BYTES) return 'kyc:advanced.tooLarge';
  return null;
}
