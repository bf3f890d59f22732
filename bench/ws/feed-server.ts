/**
 * One server of the `/ws` benchmark, run as a child process by run.ts (IPC for control and figures).
 *
 *   --mode hub       the product's FeedHub (apps/server/src/modules/spot/feed-hub.ts) behind a `ws` server,
 *                    with its real limits, batching, shared frames, back-pressure and heartbeat. The traffic
 *                    comes from a test-only publisher that calls hub.publish() exactly as the spot service
 *                    does after a commit (the matching engine and the database are not part of this
 *                    measurement: bench:http measures those).
 *   --mode baseline  a minimal broadcaster: each update serialized once and written at once to every
 *                    subscriber, no batching, no budgets — the floor the hub is compared with.
 */
import type { Socket } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { WebSocketServer, type WebSocket } from 'ws';
import { FeedHub } from '../../apps/server/src/modules/spot/feed-hub.ts';
import { loadFeedLimits } from '../../apps/server/src/modules/spot/feed.config.ts';
import { StageClock } from './stages.ts';
import { CHANNELS, payload, ratesOf, type Channel } from './traffic.ts';

const { values: args } = parseArgs({
  options: {
    mode: { type: 'string', default: 'hub' },
    rate: { type: 'string', default: '20' },
    deflate: { type: 'boolean', default: false },
  },
});
const rates = ratesOf(Number(args.rate));
const send = (m: object, then?: () => void) => process.send?.(m, undefined, {}, () => then?.());

const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: args.deflate, maxPayload: 64 * 1024 });
const seqs = new Map<Channel, number>();
const clock = new StageClock();
/** This process's CPU time since `from`, in ms: what a fan-out cost, whatever share of a core it got. */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};
const known = new Set<string>(CHANNELS);
let publishFn: (channel: Channel, data: unknown) => void;
let statsFn: () => object = () => ({});

if (args.mode === 'hub') {
  // the server's own limits, so WS_FLUSH_MS, WS_SEND_BUDGET_BYTES… set for a run apply here as they do in the server
  const hub = new FeedHub(loadFeedLimits());
  hub.start();
  // publish times of the updates the next flush will carry, for `queued` and `fanOut`
  let waiting: number[] = [];
  const flush = hub.flush.bind(hub);
  hub.flush = () => {
    const start = performance.now();
    const cpu = process.cpuUsage();
    flush();
    if (waiting.length && clock.measuring) {
      clock.fanOut.push(performance.now() - start);
      clock.fanOutCpu.push(cpuMs(cpu));
      for (const t of waiting) clock.queued.push(start - t);
    }
    waiting = [];
  };
  wss.on('connection', (socket, req) => {
    clock.trace(req.socket as Socket);
    const c = hub.add(socket, req.socket);
    socket.on('message', (raw) => {
      hub.touch(c);
      const msg = JSON.parse(String(raw)) as { op: string; channels: string[] };
      if (msg.op !== 'subscribe') return;
      for (const ch of msg.channels) {
        if (known.has(ch)) void hub.subscribe(c, ch, ch, () => payload(ch as Channel, 0));
      }
    });
    socket.on('close', () => hub.remove(c));
    socket.on('error', () => hub.remove(c));
  });
  publishFn = (channel, data) => {
    waiting.push(performance.now());
    hub.publish(channel, data);
  };
  statsFn = () => ({ ...hub.stats });
} else {
  const subscribers = new Map<string, Set<WebSocket>>(CHANNELS.map((c) => [c, new Set()]));
  wss.on('connection', (socket, req) => {
    clock.trace(req.socket as Socket);
    socket.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as { op: string; channels: string[] };
      if (msg.op !== 'subscribe') return;
      for (const ch of msg.channels) {
        const set = subscribers.get(ch);
        if (!set) continue;
        set.add(socket);
        const seq = seqs.get(ch as Channel) ?? 0;
        socket.send(JSON.stringify([{ type: 'snapshot', channel: ch, seq, data: payload(ch as Channel, 0) }]));
      }
    });
    socket.on('close', () => {
      for (const set of subscribers.values()) set.delete(socket);
    });
  });
  publishFn = (channel, data) => {
    const seq = (seqs.get(channel) ?? 0) + 1;
    seqs.set(channel, seq);
    const start = performance.now();
    const cpu = process.cpuUsage();
    const frame = Buffer.from(JSON.stringify([{ type: 'update', channel, seq, time: Date.now(), data }]));
    for (const s of subscribers.get(channel)!) s.send(frame, { binary: false });
    if (clock.measuring) {
      clock.fanOut.push(performance.now() - start);
      clock.fanOutCpu.push(cpuMs(cpu));
    }
  };
}

// Publishes on a wall-clock schedule: when a timer fires late (a busy machine), the updates that were due
// are published at once, so both servers publish the same number of updates per second.
// Publishing starts on `publish` (after every client has connected): while thousands of clients connect,
// a broadcaster that is already sending measures its own connection storm, not its fan-out.
let n = 0;
let published = 0;
let t0 = 0;
const done = new Map<Channel, number>(CHANNELS.map((c) => [c, 0]));
const timers: NodeJS.Timeout[] = [];
let stopAt = Infinity;
let peakRssMb = 0;
const startPublishing = () => {
  t0 = Date.now();
  timers.push(
    setInterval(() => {
      if (Date.now() >= stopAt) return stop();
      const elapsed = Date.now() - t0;
      for (const channel of CHANNELS) {
        const due = Math.floor((elapsed * rates[channel]) / 1000);
        for (let k = done.get(channel)!; k < due; k++) {
          published += 1;
          if (clock.measuring) clock.publishLate.push(Date.now() - (t0 + ((k + 1) * 1000) / rates[channel]));
          publishFn(channel, payload(channel, ++n));
        }
        done.set(channel, due);
      }
    }, 5),
  );
};

let cpuStart = process.cpuUsage();
let wallStart = Date.now();
let eluStart = performance.eventLoopUtilization();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const ms = (ns: number) => Math.round(ns / 1e5) / 10;
/**
 * The measuring window ends by the server's own clock (its publishing timer), not by a message: a server
 * far behind its schedule on an overloaded machine can go minutes without reading its IPC channel.
 */
function stop(): void {
  for (const t of timers) clearInterval(t);
  peakRssMb = Math.max(peakRssMb, Math.round(process.memoryUsage().rss / 1048576));
  const cpu = process.cpuUsage(cpuStart);
  const wall = Date.now() - wallStart;
  clock.measuring = false;
  loopDelay.disable();
  send({
    op: 'result',
    publishedPerSecond: Math.round((published / wall) * 10000) / 10,
    cpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / wall) * 1000) / 10,
    rssMb: Math.round(process.memoryUsage().rss / 1048576),
    peakRssMb,
    clients: wss.clients.size,
    stats: statsFn(),
    eventLoopUtilization: Math.round(performance.eventLoopUtilization(eluStart).utilization * 1000) / 1000,
    eventLoopDelayMs: {
      p50: ms(loopDelay.percentile(50)),
      p99: ms(loopDelay.percentile(99)),
      max: ms(loopDelay.max),
    },
    stages: clock.summary(),
  });
  // no exit: run.ts ends the case once every process has reported
}

process.on('message', (m: { op: string; seconds?: number }) => {
  if (m.op === 'publish') startPublishing();
  else if (m.op === 'start') {
    stopAt = Date.now() + m.seconds! * 1000;
    timers.push(
      setInterval(() => (peakRssMb = Math.max(peakRssMb, Math.round(process.memoryUsage().rss / 1048576))), 1000),
    );
    cpuStart = process.cpuUsage();
    wallStart = Date.now();
    eluStart = performance.eventLoopUtilization();
    loopDelay.enable();
    clock.measuring = true;
    published = 0;
  }
});
wss.on('listening', () => {
  const addr = wss.address();
  send({ op: 'ready', port: addr && typeof addr === 'object' ? addr.port : 0 });
});
