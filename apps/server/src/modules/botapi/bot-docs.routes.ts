import type { Api } from '../../platform/module.ts';
import { botDocsHtml } from './bot-docs.ts';

/** The bot API's reference page at /api/docs/bot (HTML, outside the JSON envelope and the OpenAPI document). */
export function registerBotDocsRoute(app: Api): void {
  const page = botDocsHtml();
  app.get('/docs/bot', { schema: { hide: true }, config: { envelope: false } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(page),
  );
}
