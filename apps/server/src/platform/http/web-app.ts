import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorKey } from '@tidemark/contract';
import type { Config } from '../config.ts';
import type { Api } from '../module.ts';
import { sendError } from './error-handler.ts';

/** The build names files under /assets by their content hash: a changed file has a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, sw.js, the manifest, icons) is revalidated on each use. */
const REVALIDATE = 'no-cache';

export function cacheControlFor(filePath: string, root: string): string {
  const rel = path.relative(root, filePath).split(path.sep);
  return rel[0] === 'assets' ? IMMUTABLE : REVALIDATE;
}

/**
 * How a built bundle's files are served: only files that exist (no directory listings, no wildcard route, no
 * dotfiles), the build's .br/.gz copies when the client takes them, and the cache policy above.
 */
function builtFiles(root: string) {
  return {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
      reply.header('cache-control', cacheControlFor(filePath, root));
    },
  } as const;
}

/**
 * The built web app on the same port; unknown non-API paths get index.html (client-side routes).
 * Compressed copies (.br, .gz) are made once at build time (scripts/compress-web.mjs) and picked by
 * the request's Accept-Encoding, so no CPU is spent compressing per request; /api and /ws are never
 * served from here, so their answers are never compressed or cached.
 */
/**
 * The build's start-up pages (apps/web/build/route-shells.ts): dist/shells/<segment>.html draws the screen
 * of the paths whose first segment is <segment> before any script runs. Returns the file to send for a URL.
 */
export function startPageFor(url: string, shells: ReadonlySet<string>): string {
  const segment = /^\/([A-Za-z0-9]+)(?:[/?#]|$)/.exec(url)?.[1];
  return segment && shells.has(segment) ? `shells/${segment}.html` : 'index.html';
}

function shellsIn(root: string): Set<string> {
  const dir = path.join(root, 'shells');
  if (!fs.existsSync(dir)) return new Set();
  return new Set(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.html'))
      .map((f) => f.slice(0, -'.html'.length)),
  );
}

export async function serveWebApp(app: Api, config: Config): Promise<void> {
  const root = config.webDistDir;
  const hasWeb = fs.existsSync(path.join(root, 'index.html'));
  const shells = shellsIn(root);
  const adminRoot = config.adminDistDir;
  const hasAdmin = fs.existsSync(path.join(adminRoot, 'index.html'));
  // the operator console is a bundle of its own (built with base /admin/), so the retail app never
  // downloads a byte of it
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      ...builtFiles(adminRoot),
      prefix: '/admin/',
      // one registration may decorate the reply with sendFile: the retail app's when it is there
      decorateReply: !hasWeb,
    });
    app.get('/admin', (_request, reply) => reply.redirect('/admin/'));
  }
  if (hasWeb) {
    await app.register(fastifyStatic, builtFiles(root));
  }
  app.setNotFoundHandler((request, reply) => {
    const api = request.url.startsWith('/api/') || request.url === '/api';
    if (!api && hasAdmin && request.method === 'GET' && request.url.startsWith('/admin/')) {
      reply.header('cache-control', REVALIDATE);
      return reply.sendFile('index.html', adminRoot);
    }
    if (api || !hasWeb || request.method !== 'GET') {
      return sendError(reply, request, 404, ErrorKey.NOT_FOUND, 'error.notFound');
    }
    return reply.sendFile(startPageFor(request.url, shells));
  });
}
