import net from 'node:net';
import { PROTOCOL_VERSION, type ControlResponse } from './control-protocol.ts';

/** The server holding the data directory did not answer on its control socket. */
export class NotAnsweringError extends Error {}

/**
 * Sends one command to the running server and waits for its answer. Connecting must succeed within
 * connectMs (a live server accepts at once); the command itself may take as long as it needs.
 */
export function sendControlCommand(
  socketPath: string,
  command: string,
  args: unknown,
  opts: { connectMs?: number } = {},
): Promise<ControlResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let buffer = '';
    let connected = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new NotAnsweringError('no answer on the control socket'));
    }, opts.connectMs ?? 3000);
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      clearTimeout(timer);
      socket.write(`${JSON.stringify({ v: PROTOCOL_VERSION, command, args })}\n`);
    });
    socket.on('data', (chunk: string) => {
      buffer += chunk;
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(connected ? err : new NotAnsweringError(err.code ?? err.message));
    });
    socket.on('end', () => {
      const line = buffer.split('\n')[0] ?? '';
      try {
        resolve(JSON.parse(line) as ControlResponse);
      } catch {
        reject(new Error('the server closed the control socket without an answer'));
      }
    });
  });
}
