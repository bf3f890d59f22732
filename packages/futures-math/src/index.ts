/**
 * The perpetual-futures math the server charges by and the app previews with: fixed-point units,
 * risk tiers, maintenance margin, position P&L and the liquidation-price estimate. Pure, bigint only.
 */
export * from './units.ts';
export * from './tier-table.ts';
export * from './tiers.ts';
export * from './position.ts';
export * from './liquidation-price.ts';
export * from './triggers.ts';
