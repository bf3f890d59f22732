import type { Logger } from 'pino';
import { commands } from './commands/index.ts';
import type { AppContext } from './platform/context.ts';
import { runCommand } from './platform/control/command.ts';
import { controlSocketPath } from './platform/control/control-protocol.ts';
import { startControlServer, type ControlServer } from './platform/control/control-server.ts';

/** Unix socket paths are limited to about 108 bytes; a longer data directory path cannot host one. */
const MAX_SOCKET_PATH = 100;

/**
 * While the server holds the embedded database, the operator commands run inside it: the server
 * opens DATA_DIR/control.sock and runs each command from the command table with its own services.
 * (With DATABASE_URL the commands connect to PostgreSQL themselves, so no socket is needed.)
 */
export async function openControlSocket(dataDir: string, ctx: AppContext, log: Logger): Promise<ControlServer | null> {
  const socketPath = controlSocketPath(dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    log.warn(`No control socket: ${socketPath} is too long for a Unix socket; stop the server to run commands`);
    return null;
  }
  const server = await startControlServer({
    path: socketPath,
    log,
    handle: (name, args) => runCommand(commands, ctx, name, args),
  });
  log.info(`Commands (npm run ledger:check, …) reach this server through ${socketPath}`);
  return server;
}
