/**
 * The client side of the `/ws` benchmark, run as a child process by run.ts: N WebSocket clients on one
 * server, each subscribed to every benchmark channel. A share of them (`--slow`) stop reading once their
 * snapshots have arrived (their sockets are paused, so the server's writes pile up).
 *
 * Every reading client counts the messages it receives (by scanning the frame for `"seq":`, cheap); every
 * `--sample`-th one also parses its frames and checks the sequence rule (snapshot, then +1 each update;
 * a `resync` snapshot starts over) and the delay from the server's publish time to arrival.
 */
import { parseArgs } from 'node:util';
import type { Socket } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { CHANNELS } from './traffic.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    clients: { type: 'string', default: '1000' },
    slow: { type: 'string', default: '0' },
    sample: { type: 'string', default: '10' },
    deflate: { type: 'boolean', default: false },
  },
});
const N = Number(args.clients);
const SLOW_EVERY = Number(args.slow) > 0 ? Math.round(1 / Number(args.slow)) : 0;
const SAMPLE = Math.max(1, Number(args.sample));
const send = (m: object, then?: () => void) => process.send?.(m, undefined, {}, () => then?.());
const SEQ = Buffer.from('"seq":');

let measuring = false;
let messages = 0;
let sampledMessages = 0;
let gaps = 0;
let resyncs = 0;
let closed4008 = 0;
let otherCloses = 0;
const delays: number[] = [];

function countSeq(buf: Buffer): number {
  let count = 0;
  let at = buf.indexOf(SEQ);
  while (at !== -1) {
    count += 1;
    at = buf.indexOf(SEQ, at + SEQ.length);
  }
  return count;
}

interface Msg {
  type: string;
  channel: string;
  seq: number;
  time?: number;
  resync?: boolean;
}

function connect(i: number): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(args.url!, { perMessageDeflate: args.deflate });
    const slow = SLOW_EVERY > 0 && i % SLOW_EVERY === 0;
    const sampled = !slow && i % SAMPLE === SAMPLE - 1;
    const last = new Map<string, number>();
    let snapshots = 0;
    ws.on('open', () => {
      ws.send(JSON.stringify({ op: 'subscribe', channels: CHANNELS }));
      resolve();
    });
    ws.on('error', () => resolve());
    ws.on('close', (code) => {
      if (code === 4008) closed4008 += 1;
      else otherCloses += 1;
    });
    ws.on('message', (raw: Buffer) => {
      if (slow) {
        if (++snapshots >= 1) (ws as unknown as { _socket: Socket })._socket.pause();
        return;
      }
      if (!sampled) {
        if (measuring) messages += countSeq(raw);
        return;
      }
      const now = Date.now();
      for (const m of JSON.parse(String(raw)) as Msg[]) {
        if (m.seq === undefined) continue;
        if (m.type === 'snapshot') {
          if (m.resync && measuring) resyncs += 1;
          last.set(m.channel, m.seq);
          continue;
        }
        const prev = last.get(m.channel);
        if (prev !== undefined && m.seq > prev + 1 && measuring) gaps += 1;
        if (prev === undefined || m.seq > prev) last.set(m.channel, m.seq);
        if (measuring) {
          messages += 1;
          sampledMessages += 1;
          if (m.time) delays.push(now - m.time);
        }
      }
    });
  });
}

async function main() {
  for (let i = 0; i < N; i += 250) {
    await Promise.all(Array.from({ length: Math.min(250, N - i) }, (_, k) => connect(i + k)));
  }
  send({ op: 'connected' });
}

// how busy this client process was: a saturated receiving loop adds its own queueing to every delay
let started = 0;
let cpuStart = process.cpuUsage();
let eluStart = performance.eventLoopUtilization();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const ms = (ns: number) => Math.round(ns / 1e5) / 10;
process.on('message', (m: { op: string }) => {
  if (m.op === 'start') {
    measuring = true;
    started = Date.now();
    cpuStart = process.cpuUsage();
    eluStart = performance.eventLoopUtilization();
    loopDelay.enable();
  } else if (m.op === 'stop') {
    measuring = false;
    const seconds = (Date.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    loopDelay.disable();
    // the raw delays: run.ts takes the percentiles over every client process together
    send({
      op: 'result',
      messagesPerSecond: Math.round(messages / seconds),
      sampledMessages,
      delays,
      gaps,
      resyncs,
      closed4008,
      otherCloses,
      process: {
        cpuPercent: Math.round(((cpu.user + cpu.system) / 10 / seconds / 1000) * 10) / 10,
        eventLoopUtilization: Math.round(performance.eventLoopUtilization(eluStart).utilization * 1000) / 1000,
        eventLoopDelayMs: {
          p50: ms(loopDelay.percentile(50)),
          p99: ms(loopDelay.percentile(99)),
          max: ms(loopDelay.max),
        },
      },
    });
    // no exit here: the clients stay connected and reading until run.ts ends the case. Ten thousand sockets
    // closing at once while the server still publishes kept its event loop from reading the stop message.
  }
});
void main();
