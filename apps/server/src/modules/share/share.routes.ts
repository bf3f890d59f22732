import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import { shareCardBody } from './share.schema.ts';
import type { ShareService } from './share.service.ts';

/** The signed-in user's share card: a PNG in the caller's language (not the JSON envelope). */
export function registerShareRoutes(app: Api, ctx: AppContext, share: ShareService): void {
  app.post(
    '/xb/v1/share/card',
    { preHandler: ctx.guards.user, schema: { tags: ['share'], body: shareCardBody } },
    async (request, reply) => {
      const { kind, id, amounts } = request.body;
      const png = await share.png(request.user!.id, kind, id, request.locale, amounts);
      return reply
        .type('image/png')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="tidemark-${kind}-${id}.png"`)
        .send(png);
    },
  );
}
