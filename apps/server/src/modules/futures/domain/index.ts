/**
 * Perpetual-futures domain: pure functions, no I/O, no clock, no database, no floats for money.
 * Units (@tidemark/futures-math, shared with the app): prices in Ticks, quantities in Lots, money in USDT
 * minor Units (ticks × lots), rates in parts of RATE_ONE = 10^8. Decision record: docs/decisions/0007-futures-formulas.md.
 *
 * This file is the public surface the futures module codes against.
 */
export * from '@tidemark/futures-math';
export * from './contracts.ts';
export * from './liquidation.ts';
export * from './mark-price.ts';
export * from './independent-liquidity.ts';
export * from './funding.ts';
export * from './tpsl.ts';
export * from './risk-batch.ts';
