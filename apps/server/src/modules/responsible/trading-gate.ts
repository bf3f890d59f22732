import type { LeverageCap } from '@tidemark/contract/futures';

/**
 * What the futures and cycle modules ask before they take on new risk for a user. Each call throws a
 * localized 4xx naming what to do (take the quiz, wait for the cooling-off to end, lower the leverage);
 * closing a position or withdrawing never asks.
 */

export interface TradingGate {
  /** Before an order that opens or adds to a futures position, or a cycle purchase. */
  assertMayOpen(userId: number, product: 'futures' | 'cycle', leverage?: number): Promise<void>;
  /** Before a leverage change. */
  assertLeverage(userId: number, leverage: number): Promise<void>;
  /** The young-account cap in force for the user (the app's leverage selector stops at it), else null. */
  leverageCap(userId: number): Promise<LeverageCap | null>;
}
