import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractOf, priceToTicks, qtyToLots } from './contracts.ts';
import { isCrossLiquidatable, isIsolatedLiquidatable } from './liquidation.ts';
import { liquidationPrice } from '@tidemark/futures-math';
import { initialMargin, type Position } from '@tidemark/futures-math';
import { buildRiskBatch, evaluateRisk, setWallet, type RiskPositionInput } from './risk-batch.ts';
import { tpslTriggered } from './tpsl.ts';
import { parseFixed } from '@tidemark/futures-math';

const BTC = contractOf('BTCUSDT')!;
const ETH = contractOf('ETHUSDT')!;
const CONTRACTS = [BTC, ETH];
const usdt = (s: string) => parseFixed(s, 6);

describe('batch risk re-evaluation', () => {
  it('finds the isolated liquidation exactly at its tick, and TP/SL by mark', () => {
    const long: Position = { size: qtyToLots(ETH, '1'), entryValue: usdt('2000') };
    const inputs: RiskPositionInput[] = [
      { contract: 1, position: long, isolatedMargin: usdt('100'), account: 1, takeProfit: null, stopLoss: null },
      {
        contract: 1,
        position: long,
        isolatedMargin: usdt('500'),
        account: 2,
        takeProfit: priceToTicks(ETH, '2100'),
        stopLoss: priceToTicks(ETH, '1950'),
      },
    ];
    const batch = buildRiskBatch(CONTRACTS, inputs, new Map());
    const marks = (eth: string) =>
      new Float64Array([Number(priceToTicks(BTC, '90000')), Number(priceToTicks(ETH, eth))]);
    let r = evaluateRisk(batch, marks('1912.44'));
    expect([...r.liquidatedPositions]).toEqual([]);
    expect([...r.stopLoss]).toEqual([1]);
    r = evaluateRisk(batch, marks('1912.43'));
    expect([...r.liquidatedPositions]).toEqual([0]);
    r = evaluateRisk(batch, marks('2100'));
    expect([...r.takeProfit]).toEqual([1]);
    expect([...r.stopLoss]).toEqual([]);
  });

  it('liquidates a cross account on its combined margin, and drops its TP/SL', () => {
    const btcLong: Position = { size: qtyToLots(BTC, '0.1'), entryValue: usdt('9000') };
    const ethShort: Position = { size: -qtyToLots(ETH, '1'), entryValue: usdt('2000') };
    const inputs: RiskPositionInput[] = [
      {
        contract: 0,
        position: btcLong,
        isolatedMargin: null,
        account: 7,
        takeProfit: null,
        stopLoss: priceToTicks(BTC, '85000'),
      },
      { contract: 1, position: ethShort, isolatedMargin: null, account: 7, takeProfit: null, stopLoss: null },
    ];
    const batch = buildRiskBatch(CONTRACTS, inputs, new Map([[7, usdt('300')]]));
    const at = (btc: string, eth: string) =>
      new Float64Array([Number(priceToTicks(BTC, btc)), Number(priceToTicks(ETH, eth))]);
    expect([...evaluateRisk(batch, at('90000', '2000')).liquidatedAccounts]).toEqual([]);
    // BTC −5,000 → uPnL −500: the 300 wallet is gone; the SL at 85,000 would fire but liquidation takes over
    const r = evaluateRisk(batch, at('85000', '2000'));
    expect([...r.liquidatedAccounts]).toEqual([0]);
    expect([...r.stopLoss]).toEqual([]);
    setWallet(batch, 0, usdt('10000'));
    expect([...evaluateRisk(batch, at('85000', '2000')).stopLoss]).toEqual([0]);
  });

  it('property: agrees with the exact bigint decisions for every position and account', () => {
    const position = fc.record({
      contract: fc.integer({ min: 0, max: 1 }),
      long: fc.boolean(),
      lots: fc.bigInt({ min: 1n, max: 5_000_000n }),
      entryTicks: fc.bigInt({ min: 10_000n, max: 2_000_000n }),
      leverage: fc.integer({ min: 1, max: 75 }),
      cross: fc.boolean(),
      account: fc.integer({ min: 1, max: 6 }),
      tpOffset: fc.option(fc.bigInt({ min: 1n, max: 100_000n })),
      slOffset: fc.option(fc.bigInt({ min: 1n, max: 100_000n })),
    });
    fc.assert(
      fc.property(
        fc.array(position, { minLength: 1, maxLength: 40 }),
        fc.array(fc.bigInt({ min: 0n, max: 200_000_000_000n }), { minLength: 6, maxLength: 6 }),
        fc.bigInt({ min: 9_000n, max: 2_200_000n }),
        fc.bigInt({ min: 9_000n, max: 2_200_000n }),
        (specs, walletList, m0, m1) => {
          const inputs: RiskPositionInput[] = specs.map((s) => {
            const pos: Position = { size: s.long ? s.lots : -s.lots, entryValue: s.lots * s.entryTicks };
            const dir = s.long ? 1n : -1n;
            return {
              contract: s.contract,
              position: pos,
              isolatedMargin: s.cross ? null : initialMargin(pos.entryValue, s.leverage),
              account: s.account,
              takeProfit: s.tpOffset === null ? null : s.entryTicks + dir * s.tpOffset,
              stopLoss: s.slOffset === null || s.slOffset >= s.entryTicks ? null : s.entryTicks - dir * s.slOffset,
            };
          });
          const wallets = new Map(walletList.map((w, i) => [i + 1, w]));
          const batch = buildRiskBatch(CONTRACTS, inputs, wallets);
          const marks = [m0, m1];
          const r = evaluateRisk(batch, new Float64Array(marks.map(Number)));
          // exact expectations
          const liqAccounts = new Set<number>();
          for (let a = 1; a <= 6; a++) {
            const legs = inputs
              .filter((p) => p.isolatedMargin === null && p.account === a)
              .map((p) => ({ contract: CONTRACTS[p.contract]!, position: p.position, mark: marks[p.contract]! }));
            if (legs.length > 0 && isCrossLiquidatable(wallets.get(a)!, legs)) liqAccounts.add(a);
          }
          const expLiq: number[] = [];
          const expTp: number[] = [];
          const expSl: number[] = [];
          inputs.forEach((p, i) => {
            const c = CONTRACTS[p.contract]!;
            const mark = marks[p.contract]!;
            if (p.isolatedMargin !== null) {
              const liq = isIsolatedLiquidatable(c, p.position, p.isolatedMargin, mark);
              const lp = liquidationPrice(c, p.position, p.isolatedMargin);
              expect(liq).toBe(lp !== null && (p.position.size > 0n ? mark <= lp : mark >= lp));
              if (liq) {
                expLiq.push(i);
                return;
              }
            } else if (liqAccounts.has(p.account)) return;
            const t = tpslTriggered(p.position, mark, p.takeProfit, p.stopLoss);
            if (t === 'takeProfit') expTp.push(i);
            if (t === 'stopLoss') expSl.push(i);
          });
          expect([...r.liquidatedPositions]).toEqual(expLiq);
          expect([...r.liquidatedAccounts].map((a) => batch.accountIds[a]).sort()).toEqual([...liqAccounts].sort());
          expect([...r.takeProfit]).toEqual(expTp);
          expect([...r.stopLoss]).toEqual(expSl);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes the exact path for an account sitting on its threshold', () => {
    // cross long 1 ETH @ 2000 with wallet W: liquidatable iff W + (m − 2000) ≤ m × 0.65 %; pick m = 1912.43 and
    // W exactly at equality: W = 1912.43 × 0.0065 − (1912.43 − 2000) = 12.430795 + 87.57 = 100.000795
    const long: Position = { size: qtyToLots(ETH, '1'), entryValue: usdt('2000') };
    const batch = buildRiskBatch(
      CONTRACTS,
      [{ contract: 1, position: long, isolatedMargin: null, account: 1, takeProfit: null, stopLoss: null }],
      new Map([[1, usdt('100.000795')]]),
    );
    const marks = new Float64Array([900_000, Number(priceToTicks(ETH, '1912.43'))]);
    const r = evaluateRisk(batch, marks);
    expect(r.exactChecks).toBe(1);
    expect([...r.liquidatedAccounts]).toEqual([0]);
    setWallet(batch, 0, usdt('100.000796'));
    expect([...evaluateRisk(batch, marks).liquidatedAccounts]).toEqual([]);
  });

  it('refuses values that would not be exact', () => {
    const huge: Position = { size: 2n ** 60n, entryValue: 1n };
    expect(() =>
      buildRiskBatch(
        CONTRACTS,
        [{ contract: 0, position: huge, isolatedMargin: 1n, account: 1, takeProfit: null, stopLoss: null }],
        new Map(),
      ),
    ).toThrow(/safe integer/);
    const b = buildRiskBatch(CONTRACTS, [], new Map());
    expect(() => evaluateRisk(b, new Float64Array([1.5, 1]))).toThrow();
  });
});
