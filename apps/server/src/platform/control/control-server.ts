import fs from 'node:fs';
import net from 'node:net';
import type { Logger } from 'pino';
import type { CommandOutput } from './command.ts';
import { MAX_REQUEST_BYTES, PROTOCOL_VERSION, type ControlRequest, type ControlResponse } from './control-protocol.ts';

export interface ControlServer {
  path: string;
  close(): Promise<void>;
}

/**
 * Listens on the control socket. The caller holds the data directory's lock, so a socket file
 * already there was left by a process that died, and is replaced. Only the owner may connect: the
 * file is made 0600 under a umask that never lets it exist with wider rights.
 */
export async function startControlServer(opts: {
  path: string;
  log: Logger;
  handle(command: string, args: unknown): Promise<CommandOutput>;
}): Promise<ControlServer> {
  fs.rmSync(opts.path, { force: true });
  const server = net.createServer((socket) => serve(socket, opts));
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.path, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(previous);
  }
  fs.chmodSync(opts.path, 0o600);
  return {
    path: opts.path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(opts.path, { force: true });
      }),
  };
}

function serve(socket: net.Socket, opts: Parameters<typeof startControlServer>[0]): void {
  let buffer = '';
  let answered = false;
  const answer = (response: ControlResponse) => {
    if (answered) return;
    answered = true;
    socket.end(`${JSON.stringify(response)}\n`);
  };
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    if (answered) return;
    buffer += chunk;
    if (buffer.length > MAX_REQUEST_BYTES) return answer({ ok: false, error: 'request too long' });
    const end = buffer.indexOf('\n');
    if (end < 0) return;
    let request: ControlRequest;
    try {
      request = JSON.parse(buffer.slice(0, end)) as ControlRequest;
    } catch {
      return answer({ ok: false, error: 'request is not JSON' });
    }
    if (request?.v !== PROTOCOL_VERSION || typeof request.command !== 'string') {
      return answer({ ok: false, error: `expected protocol version ${PROTOCOL_VERSION}` });
    }
    opts.log.info({ command: request.command }, 'control socket: command');
    opts.handle(request.command, request.args).then(
      (output) => answer({ ok: true, output }),
      (err: unknown) => answer({ ok: false, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}
