import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ErrorKey } from '@tidemark/contract';
import { sendError } from '../http/error-handler.ts';
import type { Api } from '../module.ts';
import { isLoopback } from '../net/address-list.ts';

/** Every development route lives under this prefix, so one rule guards the ones added later too. */
export const DEV_ROUTE_PREFIX = '/api/dev/';

/**
 * A development route answers only a client on this machine. The socket's peer address decides —
 * a header can be forged by anyone — and when a trusted reverse proxy on this machine forwards a
 * request, the forwarded client must be local too, or every visitor behind the proxy would count as
 * local. Anyone else is told the route does not exist.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip);
}

const localOnly: onRequestHookHandler = async function (request: FastifyRequest, reply: FastifyReply) {
  if (fromThisMachine(request)) return;
  request.log.warn({ peer: request.socket.remoteAddress, url: request.url }, 'development route refused: not local');
  sendError(reply, request, 404, ErrorKey.NOT_FOUND, 'error.notFound');
  return reply;
};

/**
 * Adds the local-only check to every route registered under /api/dev, by its definition rather than
 * by the request's URL, so no spelling of the path (encoded, doubled slashes) slips past. Install it
 * before any module registers its routes.
 */
export function installDevToolsGuard(app: Api): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(DEV_ROUTE_PREFIX)) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [localOnly, ...existing];
  });
}
