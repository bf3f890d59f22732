import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Api } from '../module.ts';

/**
 * The browser-facing protections every response carries, written here rather than through a
 * plugin because they are a handful of fixed headers and the policy must match what this app's
 * build needs (checked by web-security.api.test.ts and in Chromium by the end-to-end tests).
 *
 * The Content-Security-Policy allows scripts only from this origin — the built app has no inline
 * script and the service worker is a file — so injected markup cannot run code. Styles allow
 * 'unsafe-inline' because the UI library sets style attributes; a style cannot run code. Images may
 * come from https sites too, for pictures an operator links in a notice; nothing else leaves the
 * origin, and no other site may frame the app (clickjacking on a money screen).
 */
export function contentSecurityPolicy(https: boolean): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export function installWebSecurity(app: Api, config: Pick<Config, 'publicUrl' | 'corsOrigins'>): void {
  const https = config.publicUrl.startsWith('https://');
  const csp = contentSecurityPolicy(https);
  const allowed = new Set(config.corsOrigins);

  // a callback hook: every request runs it, and an async one costs a promise. A preflight it answers itself does
  // not call done (the request goes no further)
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('x-permitted-cross-domain-policies', 'none');
    // only over https: a browser that saw it on plain http would refuse a later http-only deployment
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (!isApiPath(request.url)) return done();

    // answers about one user's money must never be kept by a browser or a shared cache
    reply.header('cache-control', 'no-store');
    // CORS is closed unless CORS_ORIGINS names the calling site: without these headers the browser
    // keeps another site's script from reading any answer
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !allowed.has(origin)) return done();
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', 'GET, POST');
      reply.header('access-control-allow-headers', 'content-type, authorization, locale, x-request-id');
      reply.header('access-control-max-age', '600');
      reply.code(204).send();
      return;
    }
    done();
  });
}
