// The futures risk re-evaluation benchmark: `npm run bench:futures [-- --positions N --evals E --rounds R --seed S]`.
//
// Builds the workload (workload.ts) into a RiskBatch once (not timed: the module keeps it between mark changes),
// then per round times E evaluations, each on a fresh set of marks, with process.hrtime.bigint() around the
// evaluateRisk() call alone. Warm-up: one round's worth of evaluations, not reported. A forced GC runs before each
// round. Reported: per-round median and p99 of the evaluation time, and the median of the rounds.
// Before timing, the batch's answer on the first marks is checked against the exact bigint evaluation of every
// position and account (liquidation.ts, tpsl.ts) — the figures are for a correct evaluation — and that exact,
// per-position bigint evaluation is itself timed once as the baseline the typed-array layout is measured against.

import os from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Prng } from '../engine/prng.ts';
import { median, percentile } from '../engine/stats.ts';
import {
  isCrossLiquidatable,
  isIsolatedLiquidatable,
  type Leg,
} from '../../apps/server/src/modules/futures/domain/liquidation.ts';
import {
  buildRiskBatch,
  evaluateRisk,
  type RiskResult,
} from '../../apps/server/src/modules/futures/domain/risk-batch.ts';
import { tpslTriggered } from '../../apps/server/src/modules/futures/domain/tpsl.ts';
import { buildWorkload, drawMarks, type Workload } from './workload.ts';

function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const POSITIONS = argument('positions', 100_000);
const EVALS = argument('evals', 100);
const ROUNDS = argument('rounds', 5);
const SEED = argument('seed', 20_261_121);
const GOAL_MS = 50;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

interface Exact {
  liquidatedPositions: number[];
  liquidatedAccounts: Set<number>;
  takeProfit: number[];
  stopLoss: number[];
}

/** Every position and account decided one by one in bigint: the reference answer and the baseline timing. */
function exactEvaluation(w: Workload, marks: Float64Array): Exact {
  const markOf = Array.from(marks, (m) => BigInt(m));
  const legsByAccount = new Map<number, Leg[]>();
  const out: Exact = { liquidatedPositions: [], liquidatedAccounts: new Set(), takeProfit: [], stopLoss: [] };
  for (const p of w.positions) {
    if (p.isolatedMargin !== null) continue;
    let legs = legsByAccount.get(p.account);
    if (!legs) legsByAccount.set(p.account, (legs = []));
    legs.push({ contract: w.contracts[p.contract]!, position: p.position, mark: markOf[p.contract]! });
  }
  for (const [a, legs] of legsByAccount)
    if (isCrossLiquidatable(w.wallets.get(a) ?? 0n, legs)) out.liquidatedAccounts.add(a);
  w.positions.forEach((p, i) => {
    const mark = markOf[p.contract]!;
    if (p.isolatedMargin !== null) {
      if (isIsolatedLiquidatable(w.contracts[p.contract]!, p.position, p.isolatedMargin, mark)) {
        out.liquidatedPositions.push(i);
        return;
      }
    } else if (out.liquidatedAccounts.has(p.account)) return;
    const t = tpslTriggered(p.position, mark, p.takeProfit, p.stopLoss);
    if (t === 'takeProfit') out.takeProfit.push(i);
    else if (t === 'stopLoss') out.stopLoss.push(i);
  });
  return out;
}

function same(a: Int32Array, b: number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

const t0 = process.hrtime.bigint();
const workload = buildWorkload(POSITIONS, SEED);
const batch = buildRiskBatch(workload.contracts, workload.positions, workload.wallets);
const buildMs = Number(process.hrtime.bigint() - t0) / 1e6;
const isolated = workload.positions.filter((p) => p.isolatedMargin !== null).length;

console.log(
  `futures risk re-evaluation — Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `${POSITIONS.toLocaleString('en')} positions over ${workload.contracts.length} contracts: ${isolated.toLocaleString('en')} isolated, ` +
    `${(POSITIONS - isolated).toLocaleString('en')} cross in ${batch.accountIds.length.toLocaleString('en')} accounts (built in ${buildMs.toFixed(0)} ms)`,
);

// correctness first: the batch must give the exact answer
const rng = new Prng(SEED ^ 0x5eed);
{
  const marks = drawMarks(rng, workload.startTicks);
  const e0 = process.hrtime.bigint();
  const exact = exactEvaluation(workload, marks);
  const exactMs = Number(process.hrtime.bigint() - e0) / 1e6;
  const r: RiskResult = evaluateRisk(batch, marks);
  const accounts = [...r.liquidatedAccounts].map((a) => batch.accountIds[a]!).sort((x, y) => x - y);
  const ok =
    same(r.liquidatedPositions, exact.liquidatedPositions) &&
    same(r.takeProfit, exact.takeProfit) &&
    same(r.stopLoss, exact.stopLoss) &&
    JSON.stringify(accounts) === JSON.stringify([...exact.liquidatedAccounts].sort((x, y) => x - y));
  console.log(
    `check against the exact bigint evaluation: ${ok ? 'identical' : 'DIFFERENT'} — ${r.liquidatedPositions.length} isolated + ` +
      `${r.liquidatedAccounts.length} cross accounts liquidated, ${r.takeProfit.length} TP and ${r.stopLoss.length} SL triggered, ` +
      `${r.exactChecks} accounts re-checked exactly`,
  );
  console.log(`baseline, every position decided one by one in bigint: ${exactMs.toFixed(1)} ms`);
  if (!ok) process.exit(1);
}

/** One round: the sorted wall-clock times of EVALS evaluations, and the CPU time per evaluation (ms). */
function round(): { samples: Float64Array; cpuMs: number } {
  const samples = new Float64Array(EVALS);
  const marks = Array.from({ length: EVALS }, () => drawMarks(rng, workload.startTicks));
  gc();
  const cpu0 = process.cpuUsage();
  for (let k = 0; k < EVALS; k++) {
    const s = process.hrtime.bigint();
    evaluateRisk(batch, marks[k]!);
    samples[k] = Number(process.hrtime.bigint() - s) / 1e6;
  }
  const cpu = process.cpuUsage(cpu0);
  return { samples: samples.sort(), cpuMs: (cpu.user + cpu.system) / 1000 / EVALS };
}

round(); // warm-up
const medians: number[] = [];
const p99s: number[] = [];
const cpus: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const { samples: s, cpuMs } = round();
  medians.push(percentile(s, 50));
  p99s.push(percentile(s, 99));
  cpus.push(cpuMs);
  console.log(
    `round ${r + 1}: median ${percentile(s, 50).toFixed(2)} ms, p99 ${percentile(s, 99).toFixed(2)} ms, ` +
      `max ${s[s.length - 1]!.toFixed(2)} ms, CPU ${cpuMs.toFixed(2)} ms per evaluation`,
  );
}
const med = median(medians);
const p99 = median(p99s);
console.log(
  `evaluateRisk over ${ROUNDS} rounds × ${EVALS} mark changes: median ${med.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, ` +
    `CPU ${median(cpus).toFixed(2)} ms per evaluation (goal < ${GOAL_MS} ms: ${p99 < GOAL_MS ? 'met' : 'NOT met'})`,
);
