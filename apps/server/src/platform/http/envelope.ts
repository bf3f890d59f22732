import type { FastifyInstance } from 'fastify';
import { normalizeLocale, type Locale } from '@tidemark/contract';
import { t } from '../i18n/messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
  interface FastifyReply {
    skipEnvelope: boolean;
  }
  interface FastifyContextConfig {
    /** false: the route answers raw (files, documents), not inside the envelope */
    envelope?: boolean;
  }
}

/**
 * Every `/api` answer is `{ code: 200, message, data }`: handlers return their data and this hook
 * wraps it. Errors are wrapped by the error handler. The `locale` header picks the language.
 */
export function installEnvelope(app: FastifyInstance): void {
  app.decorateRequest('locale', 'en_us');
  app.decorateReply('skipEnvelope', false);
  // callback hooks: every request runs them, and an async one costs a promise
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = normalizeLocale(request.headers.locale);
    done();
  });
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (reply.skipEnvelope || request.routeOptions.config?.envelope === false) return done(null, payload);
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return done(null, payload);
    done(null, { code: 200, message: t(request.locale, 'ok'), data: payload ?? null });
  });
}
