import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** Identity photos may be JPEG, PNG or WebP (sniffed from the bytes, never the name or header). */
export const ACCEPTED_PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
/** Refuse decompression bombs: a small file may declare a huge canvas. */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** Enough to read a document; keeps stored copies small. */
const MAX_EDGE = 2560;

export type SanitizedPhoto =
  { ok: true; content: Buffer; contentType: 'image/jpeg'; ext: 'jpg' } | { ok: false; reason: 'type' | 'size' };

/**
 * Re-encodes an identity photo so that nothing but pixels survives: EXIF (GPS, device, time), XMP,
 * IPTC, ICC, comments and any bytes appended after the image are dropped. The EXIF orientation is
 * applied to the pixels first, so a phone photo still stands upright without its metadata.
 */
export async function sanitizePhoto(input: Buffer, maxBytes: number): Promise<SanitizedPhoto> {
  if (input.length > maxBytes) return { ok: false, reason: 'size' };
  const sniffed = await fileTypeFromBuffer(input);
  if (!sniffed || !ACCEPTED_PHOTO_TYPES.includes(sniffed.mime)) return { ok: false, reason: 'type' };
  try {
    const content = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer();
    return { ok: true, content, contentType: 'image/jpeg', ext: 'jpg' };
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) return { ok: false, reason: 'size' };
    return { ok: false, reason: 'type' };
  }
}
