import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Api } from '../module.ts';

export type RootSocketHandler = (socket: WebSocket, request: IncomingMessage) => void;

/**
 * The market-data WebSocket lives at the ROOT path `/ws` (DESIGN.md §4), outside the `/api` prefix that
 * module routes get. It is served by its own `ws` server on the HTTP server's upgrade event.
 *
 * Another module (support chat) registers @fastify/websocket in its own scope, and that plugin dispatches
 * EVERY upgrade request through the Fastify router. So a plain GET route `/ws` also exists: for an upgrade
 * it only hijacks the reply (the socket already belongs to the listener below), and for a normal GET it
 * answers 426. Either way the two never both write to one socket.
 */
export class RootSocket {
  private handler: RootSocketHandler | null = null;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  readonly path: string;

  constructor(path = '/ws') {
    this.path = path;
  }

  /** Who handles a connection (one handler: the spot module's market-data gateway). */
  onConnection(handler: RootSocketHandler): void {
    this.handler = handler;
  }

  /**
   * Who handles the Binance-style stream paths beside it: `/ws/<stream>` and `/stream?streams=…` (the bot
   * API). Without a handler such an upgrade is refused.
   */
  onStreamConnection(handler: RootSocketHandler): void {
    this.streamHandler = handler;
  }
  private streamHandler: RootSocketHandler | null = null;

  install(app: Api): void {
    app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const p = pathOf(request.url);
      const stream = p.startsWith(`${this.path}/`) || p === '/stream';
      if (p !== this.path && !stream) return;
      const handler = stream ? this.streamHandler : this.handler;
      if (!handler) {
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => handler(ws, request));
    });
    const upgradeOnly = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers.upgrade?.toLowerCase() === 'websocket') {
        reply.hijack();
        return;
      }
      return reply.code(426).header('upgrade', 'websocket').send();
    };
    for (const url of [this.path, `${this.path}/*`, '/stream']) app.get(url, { schema: { hide: true } }, upgradeOnly);
    app.addHook('onClose', async () => {
      for (const client of this.wss.clients) client.terminate();
      this.wss.close();
    });
  }
}

function pathOf(url: string | undefined): string {
  const q = (url ?? '').indexOf('?');
  return q === -1 ? (url ?? '') : (url ?? '').slice(0, q);
}
