import { execFileSync, execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A second host on this machine: a Linux network namespace joined to this one by a veth pair, so a
 * request made from inside it reaches the server from a real non-loopback address, over a real socket.
 * Needs root and iproute2 (`ip netns`); `available()` says whether this machine allows it.
 */
export interface RemoteHost {
  /** The address the server sees the remote host come from. */
  address: string;
  /** The address of this machine as the remote host reaches it. */
  serverAddress: string;
  /** Runs curl inside the namespace; answers the status, the headers and the body. */
  curl(url: string, options?: CurlOptions): Promise<CurlAnswer>;
  remove(): void;
}

export interface CurlOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
}

export interface CurlAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function namespacesAvailable(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    execFileSync('ip', ['netns', 'list'], { stdio: 'ignore' });
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Creates the namespace and its link; `index` (0–250) keeps concurrent hosts apart. */
export function createRemoteHost(index: number): RemoteHost {
  const tag = `${process.pid % 10_000}x${index}`;
  const ns = `tmr${tag}`;
  const here = `tmh${tag}`;
  const there = `tmn${tag}`;
  // a /30 of 10.213.0.0/16 per pid and index, so two test runs on one machine never share a subnet
  const block = ((process.pid % 60) * 4 + index) % 250;
  const serverAddress = `10.213.${block}.1`;
  const address = `10.213.${block}.2`;
  const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });
  ip('netns', 'add', ns);
  try {
    ip('link', 'add', here, 'type', 'veth', 'peer', 'name', there);
    ip('link', 'set', there, 'netns', ns);
    ip('addr', 'add', `${serverAddress}/30`, 'dev', here);
    ip('link', 'set', here, 'up');
    ip('netns', 'exec', ns, 'ip', 'addr', 'add', `${address}/30`, 'dev', there);
    ip('netns', 'exec', ns, 'ip', 'link', 'set', there, 'up');
    ip('netns', 'exec', ns, 'ip', 'link', 'set', 'lo', 'up');
  } catch (err) {
    execFileSync('ip', ['netns', 'del', ns], { stdio: 'ignore' });
    throw err;
  }
  return {
    address,
    serverAddress,
    async curl(url, options = {}) {
      const args = ['netns', 'exec', ns, 'curl', '-s', '-m', '10', '-D', '-', '-X', options.method ?? 'GET'];
      for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
      if (options.json !== undefined) {
        args.push('-H', 'content-type: application/json', '--data-binary', JSON.stringify(options.json));
      }
      args.push(url);
      const { stdout } = await run('ip', args, { maxBuffer: 16 * 1024 * 1024 });
      return parseCurl(stdout);
    },
    remove() {
      try {
        execFileSync('ip', ['link', 'del', here], { stdio: 'ignore' });
      } catch {
        // gone with the namespace already
      }
      execFileSync('ip', ['netns', 'del', ns], { stdio: 'ignore' });
    },
  };
}

/** curl -D - prints the header block, a blank line, then the body. */
function parseCurl(out: string): CurlAnswer {
  const split = out.indexOf('\r\n\r\n');
  const head = split < 0 ? out : out.slice(0, split);
  const body = split < 0 ? '' : out.slice(split + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}
