/**
 * WebSocket fan-out (`npm run bench:ws`): the product's feed hub against a minimal `ws` broadcaster that
 * publishes the same messages at the same rate, measured in the same run with the same clients.
 *
 *   npm run bench:ws [-- --clients 1000 --rate 20 --seconds 15 --slow 0.1 --sample 10 --procs 1 --deflate]
 *
 * For each case a server child (feed-server.ts) and `--procs` client children (clients.ts, the clients split
 * between them, so the receiving side is not one saturated event loop) are started — each with `ulimit -n`
 * raised as far as the machine allows — the clients connect and subscribe to trades, depth and ticker, the
 * server starts publishing, a warm-up passes, then messages are counted for `--seconds`. Cases: the baseline and the hub
 * with every client reading (their delivered rates give `ratio`), then the hub and the baseline with a
 * share `--slow` of clients that stop reading (the hub must keep its memory bounded and resync or close
 * them; the baseline shows what happens without budgets). Prints one JSON document.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
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
    procs: { type: 'string', default: '1' },
    deflate: { type: 'boolean', default: false },
  },
});
// a step that does not answer in this time fails the run with its name, instead of hanging it
const STEP_TIMEOUT_MS = 300_000;
const here = import.meta.dirname;

function child(script: string, argv: string[]): ChildProcess {
  const cmd = `ulimit -n 65536 2>/dev/null || ulimit -n $(ulimit -Hn); exec "${process.execPath}" "${path.join(here, script)}" ${argv.map((a) => `'${a}'`).join(' ')}`;
  return spawn('bash', ['-c', cmd], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

function next<T>(p: ChildProcess, op: string): Promise<T> {
  return new Promise((resolve, reject) => {
    if (p.exitCode !== null || p.signalCode !== null) {
      reject(new Error(`${op}: child had exited (${p.exitCode ?? p.signalCode})`));
      return;
    }
    const timer = setTimeout(
      () => reject(new Error(`${op}: no answer in ${STEP_TIMEOUT_MS / 1000} s`)),
      STEP_TIMEOUT_MS,
    );
    // 'close', not 'exit': it comes after the IPC channel has delivered the child's last messages
    const onClose = (code: number | null) => reject(new Error(`${op}: child exited with ${code}`));
    const onMessage = (m: { op: string }) => {
      if (m.op !== op) return;
      p.off('message', onMessage);
      p.off('close', onClose);
      clearTimeout(timer);
      resolve(m as T);
    };
    p.on('message', onMessage);
    p.once('close', onClose);
  });
}

interface ClientFigures {
  messagesPerSecond: number;
  sampledMessages: number;
  delays: number[];
  gaps: number;
  resyncs: number;
  closed4008: number;
  otherCloses: number;
  process: object;
}

/** The client children's figures as one: counts summed, delay percentiles over every sampled delay. */
function merge(parts: ClientFigures[]) {
  const sum = (k: keyof Omit<ClientFigures, 'delays' | 'process'>) => parts.reduce((a, p) => a + p[k], 0);
  const delays = parts.flatMap((p) => p.delays).sort((a, b) => a - b);
  const pct = (q: number) => delays[Math.min(delays.length - 1, Math.floor(delays.length * q))] ?? null;
  return {
    messagesPerSecond: sum('messagesPerSecond'),
    sampledMessages: sum('sampledMessages'),
    delayP50Ms: pct(0.5),
    delayP99Ms: pct(0.99),
    gaps: sum('gaps'),
    resyncs: sum('resyncs'),
    closed4008: sum('closed4008'),
    otherCloses: sum('otherCloses'),
    clientProcesses: parts.map((p) => p.process),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every child of the case under way, killed when it ends or fails. */
const running = new Set<ChildProcess>();
/** A child that exits while its case runs (a crash, a kill from outside): the case fails at once, saying how. */
let lost: string | null = null;
function track(p: ChildProcess, name: string): ChildProcess {
  running.add(p);
  p.once('exit', (code, signal) => {
    if (running.delete(p)) lost ??= `${name} exited during the case (code ${code}, signal ${signal})`;
  });
  return p;
}
function killAll(): void {
  const children = [...running];
  running.clear();
  for (const p of children) p.kill('SIGKILL');
  lost = null;
}

async function runCase(mode: 'hub' | 'baseline', slow: string) {
  const deflate = args.deflate ? ['--deflate'] : [];
  // the machine is shared: the load average beside each case says how far its figures can be trusted
  const loadBefore = os.loadavg()[0]!;
  const server = track(child('feed-server.ts', ['--mode', mode, '--rate', args.rate!, ...deflate]), 'server');
  const { port } = await next<{ port: number }>(server, 'ready');
  const procs = Math.max(1, Number(args.procs));
  const total = Number(args.clients);
  const clientProcs = Array.from({ length: procs }, (_, k) =>
    track(
      child('clients.ts', [
        '--url',
        `ws://127.0.0.1:${port}`,
        '--clients',
        String(Math.floor(total / procs) + (k < total % procs ? 1 : 0)),
        '--slow',
        slow,
        '--sample',
        args.sample!,
        ...deflate,
      ]),
      `client process ${k + 1}`,
    ),
  );
  await Promise.all(clientProcs.map((c) => next(c, 'connected')));
  server.send({ op: 'publish' });
  await sleep(Number(args.warmup) * 1000);
  // the server ends its window by its own clock and reports (see feed-server.ts); the clients on a message
  const serverResult = next<Record<string, unknown>>(server, 'result');
  server.send({ op: 'start', seconds: Number(args.seconds) });
  for (const c of clientProcs) c.send({ op: 'start' });
  const end = Date.now() + Number(args.seconds) * 1000;
  while (Date.now() < end) {
    await sleep(250);
    if (lost) throw new Error(lost);
  }
  const clientResults = clientProcs.map((c) => next<ClientFigures>(c, 'result'));
  for (const c of clientProcs) c.send({ op: 'stop' });
  const [s, ...c] = await Promise.all([serverResult, ...clientResults]);
  await sleep(200);
  killAll();
  const { op: _s, ...serverFigures } = s;
  const clientFigures = merge(c);
  // every reading client subscribes to every channel: what full delivery would be
  const readers = Number(args.clients) - (Number(slow) > 0 ? Math.ceil(Number(args.clients) * Number(slow)) : 0);
  // the publisher keeps to a wall-clock schedule, so the nominal rate is what was published
  const nominal = Object.values(ratesOf(Number(args.rate))).reduce((a, b) => a + b, 0);
  const expected = nominal * readers;
  const deliveredShare = Math.round((Number(clientFigures.messagesPerSecond) / Math.max(1, expected)) * 1000) / 1000;
  const loadAverage = [loadBefore, os.loadavg()[0]!].map((l) => Math.round(l * 10) / 10);
  return {
    mode,
    slow: Number(slow),
    loadAverage,
    ...clientFigures,
    deliveredShare,
    server: serverFigures,
  };
}

/**
 * Runs one case; a case whose server or clients die (the baseline has no send budget, so with clients that stop
 * reading at 10,000 connections it can run out of memory) is reported as failed, and the run goes on. Each case
 * is also printed to stderr as it ends, so a long run shows its progress.
 */
async function attempt(mode: 'hub' | 'baseline', slow: string): Promise<Record<string, unknown>> {
  let result: Record<string, unknown>;
  try {
    result = await runCase(mode, slow);
  } catch (err) {
    result = { mode, slow: Number(slow), failed: err instanceof Error ? err.message : String(err) };
  } finally {
    killAll();
  }
  console.error(JSON.stringify(result));
  return result;
}

async function main() {
  const baseline = await attempt('baseline', '0');
  const hub = await attempt('hub', '0');
  const hubSlow = Number(args.slow) > 0 ? await attempt('hub', args.slow!) : null;
  const baselineSlow = Number(args.slow) > 0 ? await attempt('baseline', args.slow!) : null;
  const rate = (x: object) => Number((x as { messagesPerSecond?: number }).messagesPerSecond ?? 0);
  console.log(
    JSON.stringify(
      {
        clients: Number(args.clients),
        clientProcesses: Math.max(1, Number(args.procs)),
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
