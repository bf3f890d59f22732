/**
 * What the upload call accepts (apps/server/src/modules/common/upload.service.ts): JPEG, PNG or
 * WebP, up to the server's UPLOAD_MAX_BYTES (5 MB by default), and at most six per ticket or message.
 * Checked here first so the user hears why at once, in their language; the server checks again.
 */
export const MAX_IMAGES = 6;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const NAMES = /\.(jpe?g|png|webp)$/i;

/** An i18n key (support namespace) saying why this file cannot be attached, or null when it can. */
export function imageProblem(
  file: { type: string; name: string; size: number },
  alreadyAttached: number,
): string | null {
  if (alreadyAttached >= MAX_IMAGES) return 'images.tooMany';
  // some phones leave the type empty: then the name decides (the server sniffs the bytes anyway)
  const typeOk = file.type ? TYPES.includes(file.type) : NAMES.test(file.name);
  if (!typeOk) return 'images.notImage';
  if (file.size > MAX_IMAGE_BYTES) return 'images.tooLarge';
  if (file.size === 0) return 'images.empty';
  return null;
}
