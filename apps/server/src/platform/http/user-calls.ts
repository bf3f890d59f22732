import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { PreHandler } from '../context.ts';
import type { Api } from '../module.ts';

/**
 * The signed-in user's calls of one area, written as one line each: every call is a POST behind the user guard,
 * its body checked by `body`, tagged for the API document, and answered with what `handle` returns for the
 * caller's user id and the checked body (and the request, for its locale).
 */
export function userCalls(app: Api, guard: PreHandler, tags: string[]) {
  return <S extends z.ZodType>(
    path: string,
    body: S,
    handle: (userId: number, body: z.infer<S>, request: FastifyRequest) => unknown,
  ) => {
    app.post(path, { preHandler: guard, schema: { tags, body } }, async (request) =>
      handle(request.user!.id, request.body as z.infer<S>, request),
    );
  };
}
