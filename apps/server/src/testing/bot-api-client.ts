import crypto from 'node:crypto';
import { apikeyCreateCommand } from '../commands/apikey-create.command.ts';
import type { CommandContext } from '../platform/control/command.ts';
import type { TestServer } from './test-server.ts';

/** What a bot holds: the key it sends in X-MBX-APIKEY and the secret it signs with. */
export interface BotKey {
  apiKey: string;
  secret: string;
}

/** A key made by the operator's `apikey create` command, the way a bot's owner is handed one. */
export async function createBotKey(server: TestServer, userId: number, permissions: string): Promise<BotKey> {
  const args = apikeyCreateCommand.parse(['--user', String(userId), '--permissions', permissions]);
  if (!args) throw new Error('apikey create refused its arguments');
  const out = await apikeyCreateCommand.run(server.built.ctx as unknown as CommandContext, args);
  if (out.exitCode !== 0) throw new Error(`apikey create failed: ${out.stderr.join('\n')}`);
  return JSON.parse(out.stdout[0]!);
}

/**
 * A signed Binance-style call made by hand (HMAC-SHA256 of the query string), so a test can send exactly the
 * parameters, timestamps and keys a client library would never send. `path` starts at the server's root.
 */
export async function signedBotCall(
  server: TestServer,
  method: string,
  path: string,
  params: Record<string, string>,
  key: BotKey,
  headers: Record<string, string> = {},
) {
  const query = new URLSearchParams(params).toString();
  const signature = crypto.createHmac('sha256', key.secret).update(query).digest('hex');
  const res = await fetch(`${server.url}${path}?${query}&signature=${signature}`, {
    method,
    headers: { 'x-mbx-apikey': key.apiKey, ...headers },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

/**
 * Points a ccxt client, configured as a user would configure it, at the test server: `paths` names the ccxt
 * API groups the test serves and their paths there; every other URL the client knows leads nowhere.
 */
export function pointAtTestServer<E extends { urls: { api: unknown } }>(
  ex: E,
  server: TestServer,
  paths: Record<string, string>,
): E {
  const api = ex.urls.api as Record<string, string>;
  for (const name of Object.keys(api)) api[name] = 'http://127.0.0.1:1/unused';
  for (const [name, path] of Object.entries(paths)) api[name] = `${server.url}${path}`;
  return ex;
}
