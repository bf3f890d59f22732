import { asciiText } from '@tidemark/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The path of a photo, for the user's own and the reviewer's GET. */
export const fileIdParams = z.object({ fileId: asciiText({ max: 100 }).min(1) });

/** A photo as raw private bytes (never cached, never sniffed as anything but its type). */
export function sendPhoto(reply: FastifyReply, photo: { content: Buffer; contentType: string }) {
  reply.skipEnvelope = true;
  return reply
    .header('content-type', photo.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(photo.content);
}
