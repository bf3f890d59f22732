import net from 'node:net';

/**
 * A comma-separated list of IP addresses and CIDR ranges (TRUSTED_PROXIES), validated here so a typo
 * stops the server at start-up instead of silently trusting nobody — or everybody.
 */
export function parseAddressList(raw: string): { ok: boolean; entries?: string[]; problem?: string } {
  const entries: string[] = [];
  for (const entry of raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const [addr, prefix, extra] = entry.split('/');
    const family = net.isIP(addr ?? '');
    const max = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= max);
    if (!family || !prefixOk || extra !== undefined) {
      return { ok: false, problem: `"${entry}" is not an IP address or CIDR range (e.g. 10.0.0.5, 10.0.0.0/8, ::1)` };
    }
    if (prefix !== undefined && Number(prefix) === 0) {
      return { ok: false, problem: `"${entry}" would trust every address; name the proxies` };
    }
    entries.push(entry);
  }
  return { ok: true, entries };
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms: a client on this machine. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(a)) return a.startsWith('127.');
  return a === '::1';
}
