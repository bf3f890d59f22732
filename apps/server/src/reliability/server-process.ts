import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * The real server (node apps/server/src/main.ts) as a child process on its own port and data: what the
 * SIGKILL loop and the restore test start, kill and restart. `start` resolves once the server logs that
 * it runs, which it does only after the books are rebuilt and the port listens.
 */
const MAIN = path.resolve(import.meta.dirname, '../main.ts');

export interface ServerTarget {
  port: number;
  dataDir: string;
  /** A PostgreSQL database for this server; the embedded database in `dataDir` otherwise. */
  databaseUrl?: string | null;
  env?: Record<string, string>;
}

export interface RunningServer {
  proc: ChildProcess;
  /** Milliseconds from spawn to "running". */
  startMs: number;
  /** Everything the process printed so far (for a failure message). */
  output(): string;
}

export function startServer(target: ServerTarget, timeoutMs = 300_000): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    PORT: String(target.port),
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    LOG_LEVEL: 'info',
    SPOT_MARKET_MAKER: 'off',
    // the load signs in and sends many money commands from one address: limits would only answer 429
    RATE_LIMIT_ENABLED: 'false',
    // the load withdraws to addresses it makes up: the new-address cool-down would refuse every one
    WITHDRAW_ADDRESS_COOLDOWN_HOURS: '0',
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    ...target.env,
  };
  const started = performance.now();
  const proc = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${out.slice(-4000)}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += String(d);
      if (out.length > 200_000) out = out.slice(-100_000);
      if (out.includes('Tidemark is listening')) {
        clearTimeout(timer);
        proc.removeListener('exit', onExit);
        resolve({ proc, startMs: Math.round(performance.now() - started), output: () => out });
      }
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it ran:\n${out.slice(-4000)}`));
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', onExit);
  });
}

/** Stops the child with a signal and waits until it is gone. */
export function stopServer(proc: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
}

export interface ApiAnswer {
  status: number;
  body: any;
}

/** POST /api<path> with a JSON body, as the apps call it. */
export async function callApi(port: number, p: string, body: unknown, token?: string): Promise<ApiAnswer> {
  const res = await fetch(`http://127.0.0.1:${port}/api${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
