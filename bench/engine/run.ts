// The matching-engine benchmark: `npm run bench:engine [-- --ops N --rounds R --seed S --only a,b]`.
//
// Three books run the same stream: @tidemark/engine, the reference price-ladder book (ladder-book.ts, the
// yardstick) and nodejs-order-book. For each book: a warm-up pass (not reported), then per round
//   1. a throughput pass: the whole stream in a tight loop, timed once → operations per second, by the wall clock
//      and per second of CPU time the process used;
//   2. a latency pass on a fresh book: every operation timed alone with process.hrtime.bigint(). The timer itself
//      costs tens of nanoseconds, so this pass is separate from the throughput pass, and the timer's own cost is
//      measured and printed; the percentiles include it (they are an upper bound).
// Rounds are interleaved (every book once per round, the order reversed every other round) so a change in the
// machine's load falls on all books alike. Books are rebuilt between passes, outside the timed code. The figures
// reported are the medians over rounds; `ratioToReference` is the median over rounds of tidemark / reference
// measured in the same round. After the first throughput pass the books' aggregated depths (and, where both
// count them, trades and traded lots) are compared: they must be identical.
// The last thing printed is one JSON object with every figure.

import os from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { BookRunner, Depth } from './book-runner.ts';
import { LadderBookRunner } from './ladder-book-runner.ts';
import { NodejsOrderBookRunner } from './nodejs-order-book-runner.ts';
import { median, percentile } from './stats.ts';
import { TidemarkRunner } from './tidemark-runner.ts';
import { buildWorkload, OP_CANCEL, OP_LIMIT, OP_MARKET } from './workload.ts';

function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const OPS = argument('ops', 1_000_000);
const ROUNDS = argument('rounds', 5);
const SEED = argument('seed', 20_240_601);
const WARMUP = Math.min(OPS, 300_000);

// A collection between passes keeps one pass's garbage from being collected inside the next one's timing.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function timerOverhead(): { p50: number; p99: number } {
  const n = 200_000;
  const samples = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    samples[i] = Number(process.hrtime.bigint() - t0);
  }
  samples.sort();
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/**
 * Operations per second by the wall clock, and by the CPU time the process used in the pass: on a shared
 * machine the second is less disturbed by other processes taking the core away.
 */
function throughput(runner: BookRunner): { wall: number; cpu: number } {
  runner.reset();
  gc();
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  runner.runAll(OPS);
  const ns = Number(process.hrtime.bigint() - t0);
  const cpu = process.cpuUsage(cpu0);
  return { wall: (OPS / ns) * 1e9, cpu: (OPS / (cpu.user + cpu.system)) * 1e6 };
}

function latencies(runner: BookRunner): { p50: number; p99: number; p999: number; max: number } {
  runner.reset();
  const samples = new Float64Array(OPS);
  gc();
  for (let i = 0; i < OPS; i++) {
    const t0 = process.hrtime.bigint();
    runner.step(i);
    samples[i] = Number(process.hrtime.bigint() - t0);
  }
  samples.sort();
  return {
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    p999: percentile(samples, 99.9),
    max: samples[OPS - 1]!,
  };
}

function sameEndState(a: Depth, b: Depth): boolean {
  const book = (d: Depth) => JSON.stringify([d.bids, d.asks, d.resting]);
  if (book(a) !== book(b)) return false;
  return a.traded === undefined || b.traded === undefined || JSON.stringify(a.traded) === JSON.stringify(b.traded);
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const us = (ns: number) => `${(ns / 1000).toFixed(2)} µs`;

const cpus = os.cpus();
const machine = `${cpus[0]?.model ?? 'unknown cpu'} × ${cpus.length}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB`;
const loadAtStart = os.loadavg();
console.log(`machine: ${machine}`);
console.log(`node ${process.version}, load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}`);

const started = Date.now();
const workload = buildWorkload({ seed: SEED, ops: OPS, levels: 150, ordersPerLevel: 50, mid: 100_000 });
const counts = [0, 0, 0];
for (const op of workload.ops) counts[op.kind]!++;
const bookSide = (side: 'buy' | 'sell') =>
  new Set(workload.initial.filter((o) => o.side === side).map((o) => o.price)).size;
console.log(
  `workload (seed ${SEED}, built in ${fmt((Date.now() - started) / 1000, 1)} s): starting book ${fmt(workload.initial.length)} ` +
    `orders over ${bookSide('buy')} bid and ${bookSide('sell')} ask levels; ${fmt(OPS)} operations: ` +
    `${fmt(counts[OP_LIMIT]!)} limit, ${fmt(counts[OP_CANCEL]!)} cancel, ${fmt(counts[OP_MARKET]!)} market; ` +
    `${fmt(workload.restingAfter)} orders resting at the end`,
);
const overhead = timerOverhead();
console.log(`timer overhead (hrtime.bigint pair): p50 ${fmt(overhead.p50)} ns, p99 ${fmt(overhead.p99)} ns\n`);

// `--only tidemark,reference` measures some of the books (for quick checks; the comparison needs all three).
const TIDEMARK = '@tidemark/engine';
const REFERENCE = 'reference (price ladder)';
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1]!.split(',') : undefined;
const runners: BookRunner[] = [
  new TidemarkRunner(workload),
  new LadderBookRunner(workload),
  new NodejsOrderBookRunner(workload),
].filter((r) => only === undefined || only.some((name) => r.name.includes(name)));

for (const runner of runners) {
  runner.reset();
  runner.runAll(WARMUP);
}

const results = new Map(
  runners.map((r) => [
    r.name,
    {
      opsPerSec: [] as number[],
      opsPerCpuSec: [] as number[],
      p50: [] as number[],
      p99: [] as number[],
      p999: [] as number[],
      max: [] as number[],
    },
  ]),
);
const ratios = { wall: [] as number[], cpu: [] as number[] };
let endStateIdentical: boolean | null = null;
for (let round = 1; round <= ROUNDS; round++) {
  const depths: Depth[] = [];
  const rates = new Map<string, { wall: number; cpu: number }>();
  const order = round % 2 === 1 ? runners : [...runners].reverse();
  for (const runner of order) {
    const r = results.get(runner.name)!;
    const rate = throughput(runner);
    rates.set(runner.name, rate);
    r.opsPerSec.push(rate.wall);
    r.opsPerCpuSec.push(rate.cpu);
    if (round === 1) depths.push(runner.depth());
    const lat = latencies(runner);
    r.p50.push(lat.p50);
    r.p99.push(lat.p99);
    r.p999.push(lat.p999);
    r.max.push(lat.max);
    console.log(
      `round ${round} ${runner.name.padEnd(24)} ${fmt(rate.wall).padStart(11)} ops/s (${fmt(rate.cpu)} per CPU s)   ` +
        `p50 ${us(lat.p50)}  p99 ${us(lat.p99)}  p99.9 ${us(lat.p999)}  max ${us(lat.max)}`,
    );
  }
  const tidemark = rates.get(TIDEMARK);
  const reference = rates.get(REFERENCE);
  if (tidemark !== undefined && reference !== undefined) {
    ratios.wall.push(tidemark.wall / reference.wall);
    ratios.cpu.push(tidemark.cpu / reference.cpu);
    console.log(
      `  tidemark / reference this round: ${ratios.wall.at(-1)!.toFixed(3)} (wall), ${ratios.cpu.at(-1)!.toFixed(3)} (per CPU s)`,
    );
  }
  if (round === 1) {
    endStateIdentical =
      depths.every((d) => sameEndState(d, depths[0]!)) && depths[0]!.resting === workload.restingAfter;
    console.log(
      endStateIdentical
        ? `  end state: identical aggregated depth in every book (${fmt(depths[0]!.resting)} resting orders)`
        : '  END STATE DIFFERS between the books: the figures are not comparable',
    );
    if (!endStateIdentical) process.exitCode = 1;
  }
}

console.log(`\nmedian of ${ROUNDS} rounds, ${fmt(OPS)} operations each:`);
console.log('| book | ops/s (wall) | ops per CPU second | p50 | p99 | p99.9 |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, r] of results) {
  console.log(
    `| ${name} | ${fmt(median(r.opsPerSec))} | ${fmt(median(r.opsPerCpuSec))} | ${us(median(r.p50))} | ${us(median(r.p99))} | ${us(median(r.p999))} |`,
  );
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const report = {
  machine,
  node: process.version,
  loadAverage: { start: loadAtStart.map(round3), end: os.loadavg().map(round3) },
  workload: {
    seed: SEED,
    operations: OPS,
    limit: counts[OP_LIMIT],
    cancel: counts[OP_CANCEL],
    market: counts[OP_MARKET],
    restingAfter: workload.restingAfter,
  },
  rounds: ROUNDS,
  endStateIdentical,
  books: Object.fromEntries(
    [...results].map(([name, r]) => [
      name,
      {
        opsPerSec: Math.round(median(r.opsPerSec)),
        opsPerCpuSecond: Math.round(median(r.opsPerCpuSec)),
        p50Ns: median(r.p50),
        p99Ns: median(r.p99),
        p999Ns: median(r.p999),
        perRound: { opsPerSec: r.opsPerSec.map(Math.round), opsPerCpuSecond: r.opsPerCpuSec.map(Math.round) },
      },
    ]),
  ),
  ratioToReference:
    ratios.wall.length === 0
      ? null
      : {
          wall: round3(median(ratios.wall)),
          perCpuSecond: round3(median(ratios.cpu)),
          perRound: { wall: ratios.wall.map(round3), perCpuSecond: ratios.cpu.map(round3) },
        },
};
console.log(`\n${JSON.stringify(report, null, 2)}`);
