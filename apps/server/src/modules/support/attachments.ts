import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/app-error.ts';

export const MAX_IMAGES = 6;

/** What the upload call (account/common module) publishes as ctx.services.uploads. */
export interface UploadsService {
  ownerOf(fileId: string): Promise<number | null>;
}

/**
 * A file id as the upload call issues it: a random storage name with an image extension (the upload
 * call only accepts sniffed jpeg/png/webp, so anything else was not uploaded as an image).
 */
export const IMAGE_ID = /^[A-Za-z0-9_-]{24}\.(jpg|jpeg|png|webp)$/;
/** Any id the uploads service may issue: a safe token; when it names an extension, an image one. */
const ANY_ID = /^[A-Za-z0-9_-]{1,100}(\.(jpg|jpeg|png|webp))?$/;

/**
 * Accepts only images the caller uploaded. The ownership check runs whenever the uploads service
 * is registered (read at call time, so module order does not matter).
 */
export async function checkImages(
  ctx: AppContext,
  userId: number,
  images: readonly string[] | undefined,
): Promise<string[]> {
  const ids = [...new Set(images ?? [])];
  if (ids.length > MAX_IMAGES)
    throw badRequest('TOO_MANY_IMAGES', 'support.tooManyImages', { max: MAX_IMAGES }, 'images');
  const uploads = ctx.services.uploads;
  for (const id of ids) {
    if (!(uploads ? ANY_ID : IMAGE_ID).test(id))
      throw badRequest('IMAGE_INVALID', 'support.imageInvalid', undefined, 'images');
    if (uploads) {
      const owner = await uploads.ownerOf(id);
      if (owner === null) throw badRequest('IMAGE_INVALID', 'support.imageInvalid', undefined, 'images');
      if (Number(owner) !== userId) throw badRequest('IMAGE_NOT_OWNED', 'support.imageNotOwned', undefined, 'images');
    }
  }
  return ids;
}
