import { describe, expect, it } from 'vitest';
import { contractOf, priceToTicks, qtyToLots } from './domain/contracts.ts';
import { parseFixed } from '@tidemark/futures-math';
import type { PositionRow } from './futures.schema.ts';
import { positionRow } from './position-row.test-helpers.ts';
import { riskCandidates, type RiskSnapshotRow } from './risk-scan.ts';

const BTC = contractOf('BTCUSDT')!;
const ETH = contractOf('ETHUSDT')!;
const usdt = (s: string) => parseFixed(s, 6);
let nextId = 1;

function row(p: Partial<PositionRow> & Pick<PositionRow, 'userId' | 'symbol' | 'side' | 'marginMode'>): PositionRow {
  return positionRow({ id: nextId++, ...p });
}
const btc = (price: string) => priceToTicks(BTC, price);

describe('riskCandidates (the batch filter of a mark tick)', () => {
  const ethMark = priceToTicks(ETH, '2400');
  const markOf = (s: string) => (s === 'ETHUSDT' ? ethMark : null);

  // isolated 10× long at 100,000: liquidation at 90,361.4
  const isolated = row({
    userId: 1,
    symbol: 'BTCUSDT',
    side: 'long',
    marginMode: 'isolated',
    qtyLots: qtyToLots(BTC, '0.1'),
    entryValue: usdt('10000'),
    margin: usdt('1000'),
  });
  // a take-profit at 95,000 on a short, far from liquidation
  const withTp = row({
    userId: 2,
    symbol: 'BTCUSDT',
    side: 'short',
    marginMode: 'isolated',
    qtyLots: qtyToLots(BTC, '0.1'),
    entryValue: usdt('10000'),
    margin: usdt('5000'),
    takeProfitTicks: btc('95000'),
  });
  // a cross account that is sound on BTC alone but sinks with its ETH short (entry 2,000, mark 2,400)
  const crossBtc = row({
    userId: 3,
    symbol: 'BTCUSDT',
    side: 'long',
    marginMode: 'cross',
    qtyLots: qtyToLots(BTC, '0.01'),
    entryValue: usdt('1000'),
    margin: usdt('100'),
  });
  const crossEth = row({
    userId: 3,
    symbol: 'ETHUSDT',
    side: 'short',
    marginMode: 'cross',
    qtyLots: qtyToLots(ETH, '1'),
    entryValue: usdt('2000'),
    margin: usdt('100'),
    takeProfitTicks: priceToTicks(ETH, '2500'), // not this contract's tick to fire
  });
  // a sound cross account whose BTC position's own margin + uPnL is below zero (the wallet must top it up)
  const underwater = row({
    userId: 4,
    symbol: 'BTCUSDT',
    side: 'long',
    marginMode: 'cross',
    qtyLots: qtyToLots(BTC, '0.1'),
    entryValue: usdt('10000'),
    margin: usdt('500'),
  });
  const rows: RiskSnapshotRow[] = [
    { position: isolated, available: null },
    { position: withTp, available: usdt('0') },
    { position: crossBtc, available: usdt('150') },
    { position: crossEth, available: usdt('150') },
    { position: underwater, available: usdt('50000') },
  ];

  it('picks nothing at a quiet mark', () => {
    expect(
      riskCandidates(BTC, btc('99000'), rows, (s) => (s === 'ETHUSDT' ? priceToTicks(ETH, '2000') : null)),
    ).toEqual([]);
  });

  it('picks the crossed liquidation, the fired TP, the sinking cross account and the underwater margin', () => {
    // the short's take-profit (95,000) fires on every mark at or below it
    const fired = [withTp.id, crossBtc.id, underwater.id];
    expect(riskCandidates(BTC, btc('90361.5'), rows, markOf)).toEqual(fired);
    expect(riskCandidates(BTC, btc('90361.4'), rows, markOf)).toEqual([isolated.id, ...fired]);
    expect(riskCandidates(BTC, btc('95000.1'), rows, markOf)).toEqual([crossBtc.id]);
    expect(riskCandidates(BTC, btc('95000'), rows, markOf)).toEqual([withTp.id, crossBtc.id]);
  });

  it('leaves a take-profit on the last trade to close-triggers.ts', () => {
    const onLast: RiskSnapshotRow = {
      position: { ...withTp, id: nextId++, userId: 5, tpTrigger: 'last' },
      available: null,
    };
    expect(riskCandidates(BTC, btc('95000'), [onLast], markOf)).toEqual([]);
    expect(
      riskCandidates(BTC, btc('95000'), [{ ...onLast, position: { ...onLast.position, tpTrigger: 'mark' } }], markOf),
    ).toEqual([onLast.position.id]);
  });

  it('leaves out a leg without a mark, as the exact path does, but counts its margin', () => {
    // without an ETH mark the account is judged on BTC alone with 150 + 100 + 100 collateral: sound
    expect(riskCandidates(BTC, btc('95000'), rows, () => null)).toEqual([withTp.id]);
  });

  it('takes every position of the contract when one is beyond the exact range of the batch', () => {
    const huge = row({
      userId: 5,
      symbol: 'BTCUSDT',
      side: 'long',
      marginMode: 'isolated',
      qtyLots: 2n ** 60n,
      entryValue: 2n ** 60n,
      margin: 1n,
    });
    const all = [...rows, { position: huge, available: null }];
    expect(riskCandidates(BTC, btc('99000'), all, markOf)).toEqual([
      isolated.id,
      withTp.id,
      crossBtc.id,
      underwater.id,
      huge.id,
    ]);
  });
});
