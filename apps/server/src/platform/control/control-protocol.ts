import path from 'node:path';
import type { CommandOutput } from './command.ts';

/**
 * The local control socket: a Unix socket in the data directory, readable and writable by its owner
 * only, through which a command-line process asks the running server to run a command on the
 * database the server holds. One connection carries one request line and one answer line (JSON).
 */
export const CONTROL_SOCKET_NAME = 'control.sock';
export const PROTOCOL_VERSION = 1;
/** Far more than any command's arguments; a longer line is refused unread. */
export const MAX_REQUEST_BYTES = 64 * 1024;

export interface ControlRequest {
  v: typeof PROTOCOL_VERSION;
  command: string;
  args: unknown;
}

export type ControlResponse = { ok: true; output: CommandOutput } | { ok: false; error: string };

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET_NAME);
}
