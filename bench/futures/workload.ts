// The positions and mark moves of the futures risk benchmark, from a seeded PRNG (the same on every run).
//
// 100,000 positions over the 12 default contracts, priced around the simulated feed's starting prices:
//   - 70 % isolated, 30 % cross, the cross ones spread over accounts holding 1–6 positions each;
//   - notional 50–40,000 USDT at 1× up to the bracket's maximum leverage; entry within ±3 % of the start price;
//   - 40 % carry a take-profit and 40 % a stop-loss, 2–15 % away from entry;
//   - cross wallets between 1 % and 60 % of the account's notional, so some accounts sit near their threshold.
// A "mark change" moves every contract's mark by a random step of up to ±1.5 % from the start (a fresh draw each
// time, so each evaluation sees different prices and liquidates / triggers a realistic few percent).

import { Prng } from '../engine/prng.ts';
import { INSTRUMENTS } from '../../apps/server/src/modules/market/instruments.ts';
import { CONTRACTS, priceToTicks, type Contract } from '../../apps/server/src/modules/futures/domain/contracts.ts';
import { initialMargin } from '@tidemark/futures-math';
import { maxLeverageForNotional } from '@tidemark/futures-math';
import type { RiskPositionInput } from '../../apps/server/src/modules/futures/domain/risk-batch.ts';

export interface Workload {
  contracts: readonly Contract[];
  /** Start price of each contract, in ticks. */
  startTicks: bigint[];
  positions: RiskPositionInput[];
  wallets: Map<number, bigint>;
}

function startPrice(contract: Contract): bigint {
  const instrument = INSTRUMENTS.find((i) => i.symbol === contract.symbol);
  if (!instrument) throw new Error(`no instrument for ${contract.symbol}`);
  // the simulated feed's start price, written on the contract's tick grid
  const text = instrument.start.toFixed(contract.priceDecimals);
  const ticks = priceToTicks(contract, text.replace(/0+$/, '').replace(/\.$/, '') || '0');
  return ticks;
}

export function buildWorkload(count: number, seed: number): Workload {
  const rng = new Prng(seed);
  const contracts = CONTRACTS;
  const startTicks = contracts.map(startPrice);
  const positions: RiskPositionInput[] = [];
  const accountNotional = new Map<number, bigint>();
  let account = 0;
  let left = 0; // positions still to give the current cross account
  for (let i = 0; i < count; i++) {
    const c = rng.int(0, contracts.length - 1);
    const contract = contracts[c]!;
    const start = startTicks[c]!;
    const entry = start + (start * BigInt(rng.int(-300, 300))) / 10_000n;
    const notionalUsdt = BigInt(rng.int(50, 40_000));
    const lots = (notionalUsdt * 1_000_000n) / entry + 1n;
    const size = rng.next() < 0.5 ? lots : -lots;
    const entryValue = lots * entry;
    const maxLev = maxLeverageForNotional(contract, entryValue);
    const leverage = rng.int(1, maxLev);
    const long = size > 0n;
    const away = (pct: number) => (entry * BigInt(pct)) / 100n;
    const takeProfit = rng.next() < 0.4 ? (long ? entry + away(rng.int(2, 15)) : entry - away(rng.int(2, 15))) : null;
    const stopLoss = rng.next() < 0.4 ? (long ? entry - away(rng.int(2, 15)) : entry + away(rng.int(2, 15))) : null;
    const cross = rng.next() < 0.3;
    if (cross && left === 0) {
      account++;
      left = rng.int(1, 6);
    }
    if (cross) {
      left--;
      accountNotional.set(account, (accountNotional.get(account) ?? 0n) + entryValue);
    }
    positions.push({
      contract: c,
      position: { size, entryValue },
      isolatedMargin: cross ? null : initialMargin(entryValue, leverage),
      account: cross ? account : 0,
      takeProfit,
      stopLoss,
    });
  }
  const wallets = new Map<number, bigint>();
  for (const [a, notional] of accountNotional) wallets.set(a, (notional * BigInt(rng.int(1, 60))) / 100n);
  return { contracts, startTicks, positions, wallets };
}

/** Marks for one mark change: every contract within ±1.5 % of its start. */
export function drawMarks(rng: Prng, startTicks: readonly bigint[]): Float64Array {
  const marks = new Float64Array(startTicks.length);
  for (let c = 0; c < startTicks.length; c++) {
    const s = startTicks[c]!;
    marks[c] = Number(s + (s * BigInt(rng.int(-150, 150))) / 10_000n);
  }
  return marks;
}
