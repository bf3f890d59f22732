import { asciiText, text as safeText } from '@tidemark/contract';
import { z } from 'zod';
import { plainText } from '../content/sanitize.ts';
import { MAX_IMAGES } from './attachments.ts';

/** The upload ids attached to a ticket or chat message. */
export const images = z
  .array(asciiText({ max: 120 }))
  .max(MAX_IMAGES, 'support.tooManyImages')
  .optional();

/** Plain text in, markup out: a title or message never carries HTML. */
export const messageText = (max: number, emptyKey: string) =>
  safeText({ max, multiline: true }).transform(plainText).pipe(z.string().min(1, emptyKey));
