/**
 * WebSocket fan-out (`npm run bench:ws`): the product's feed hub against a minimal `ws` broadcaster that
 * publishes the same messages at the same rate, measured in the same run with the same clients.
 *
 *   npm run bench:ws [-- --clients 1000 --rate 20 --seconds 15 --slow 0.1 --sample 10 --deflate]
 *
 * For each case a server child (feed-server.ts) and a client child (clients.ts) are started — each with
 * `ulimit -n` raised as far as the machine allows — the clients connect and subscribe to trades, depth and
 * ticker, a warm-up passes, then messages are counted for `--seconds`. Cases: the baseline and the hub
 * with every client reading (their delivered rates give `ratio`), then the hub and the baseline with a
 * share `--slow` of clients that stop reading (the hub must keep its memory bounded and resync or close
 * them; the baseline shows what happens without budgets). Prints one JSON document.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ratesOf } from './traffic.ts';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    slow: { type: 'string', default: '0.1' },
    sample: { type: 'string', default: '10' },
    deflate: { type: 'boolean', default: false },
  },
});
const here = import.meta.dirname;

function child(script: string, argv: string[]): ChildProcess {
  const cmd = `ulimit -n 65536 2>/dev/null || ulimit -n $(ulimit -Hn); exec "${process.execPath}" "${path.join(here, script)}" ${argv.map((a) => `'${a}'`).join(' ')}`;
  return spawn('bash', ['-c', cmd], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

function next<T>(p: ChildProcess, op: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { op: string }) => {
      if (m.op !== op) return;
      p.off('message', onMessage);
      resolve(m as T);
    };
    p.on('message', onMessage);
    p.once('exit', (code) => reject(new Error(`${op}: child exited with ${code}`)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function runCase(mode: 'hub' | 'baseline', slow: string) {
  const deflate = args.deflate ? ['--deflate'] : [];
  const server = child('feed-server.ts', ['--mode', mode, '--rate', args.rate!, ...deflate]);
  const { port } = await next<{ port: number }>(server, 'ready');
  const clients = child('clients.ts', [
    '--url',
    `ws://127.0.0.1:${port}`,
    '--clients',
    args.clients!,
    '--slow',
    slow,
    '--sample',
    args.sample!,
    ...deflate,
  ]);
  await next(clients, 'connected');
  await sleep(Number(args.warmup) * 1000);
  server.send({ op: 'start' });
  clients.send({ op: 'start' });
  let peakRssMb = 0;
  const end = Date.now() + Number(args.seconds) * 1000;
  while (Date.now() < end) {
    await sleep(1000);
    server.send({ op: 'rss' });
    const { rssMb } = await next<{ rssMb: number }>(server, 'rss');
    peakRssMb = Math.max(peakRssMb, rssMb);
  }
  const serverResult = next<Record<string, unknown>>(server, 'result');
  const clientResult = next<Record<string, unknown>>(clients, 'result');
  server.send({ op: 'stop' });
  clients.send({ op: 'stop' });
  const [s, c] = await Promise.all([serverResult, clientResult]);
  await Promise.all([sleep(200)]);
  server.kill('SIGKILL');
  clients.kill('SIGKILL');
  const { op: _s, ...serverFigures } = s;
  const { op: _c, ...clientFigures } = c;
  // every reading client subscribes to every channel: what full delivery would be
  const readers = Number(args.clients) - (Number(slow) > 0 ? Math.ceil(Number(args.clients) * Number(slow)) : 0);
  // the publisher keeps to a wall-clock schedule, so the nominal rate is what was published
  const nominal = Object.values(ratesOf(Number(args.rate))).reduce((a, b) => a + b, 0);
  const expected = nominal * readers;
  const deliveredShare = Math.round((Number(clientFigures.messagesPerSecond) / Math.max(1, expected)) * 1000) / 1000;
  return { mode, slow: Number(slow), ...clientFigures, deliveredShare, server: { ...serverFigures, peakRssMb } };
}

async function main() {
  const baseline = await runCase('baseline', '0');
  const hub = await runCase('hub', '0');
  const hubSlow = Number(args.slow) > 0 ? await runCase('hub', args.slow!) : null;
  const baselineSlow = Number(args.slow) > 0 ? await runCase('baseline', args.slow!) : null;
  const rate = (x: object) => Number((x as { messagesPerSecond?: number }).messagesPerSecond ?? 0);
  console.log(
    JSON.stringify(
      {
        clients: Number(args.clients),
        updatesPerSecondPerChannel: Number(args.rate),
        seconds: Number(args.seconds),
        deflate: args.deflate,
        ratio: Math.round((rate(hub) / Math.max(1, rate(baseline))) * 100) / 100,
        cases: [baseline, hub, hubSlow, baselineSlow].filter(Boolean),
      },
      null,
      2,
    ),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
