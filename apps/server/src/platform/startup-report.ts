import type { AddressInfo } from 'node:net';
import type { Config } from './config.ts';
import { enabledDevTools } from './dev-tools/dev-tools-config.ts';

/** An address the server really listens on, as a URL a person can open ("all interfaces" spelled out). */
export function listenUrl(a: AddressInfo | string): string {
  if (typeof a === 'string') return a; // a Unix socket path
  const host = a.family === 'IPv6' ? `[${a.address}]` : a.address;
  const url = `http://${host}:${a.port}`;
  if (a.address === '0.0.0.0' || a.address === '::') return `${url} (every interface)`;
  return url;
}

/**
 * The lines `npm start` prints once it listens: where it really listens (from the socket, not from
 * PUBLIC_URL), which development tools answer on this machine, and where codes go without a provider.
 */
export function startupReport(config: Config, addresses: (AddressInfo | string)[], databaseKind: string): string[] {
  const lines = [`Tidemark is listening on ${addresses.map(listenUrl).join(', ')} (database: ${databaseKind})`];
  if (config.publicUrl) lines.push(`Public address (PUBLIC_URL): ${config.publicUrl}`);
  const tools = enabledDevTools(config.devTools);
  lines.push(
    tools.length
      ? `Development tools on, for clients on this machine only: ${tools.map((t) => DEV_TOOL_ROUTES[t]).join(', ')}`
      : 'Development tools: off (DEV_TOOLS=outbox,clock,price turns them on for clients on this machine)',
  );
  if (!config.smtpUrl || !config.smsProviderUrl) {
    const channels = [!config.smtpUrl ? 'e-mail' : null, !config.smsProviderUrl ? 'SMS' : null].filter(Boolean);
    lines.push(`No ${channels.join(' or ')} provider: verification codes are printed in this log`);
  }
  return lines;
}

const DEV_TOOL_ROUTES = {
  outbox: 'outbox (GET /api/dev/outbox)',
  clock: 'clock (POST /api/dev/clock/advance)',
  price: 'price (POST /api/dev/price/set)',
} as const;
