import { formatUnits, parseUnits } from '@tidemark/contract/money';
import { PRICE_SCALE } from '../market/instruments.ts';
import { STAKE_SCALE } from './catalog.service.ts';
import type { cycleContracts } from './cycle.schema.ts';
import type { ContractTerms } from './settle.ts';

export type ContractRow = typeof cycleContracts.$inferSelect;

const usdt = (u: bigint) => formatUnits(u, STAKE_SCALE);
const price = (p: string | null) => (p === null ? null : formatUnits(parseUnits(p, PRICE_SCALE), PRICE_SCALE));

/** The terms settle() reads, taken from the stored contract (and nothing else). */
export function termsOf(c: ContractRow): ContractTerms {
  return {
    direction: c.direction,
    committedAt: c.committedAt.getTime(),
    endAt: c.endAt.getTime(),
    stake: c.stake,
    payout: c.payout,
  };
}

/**
 * A contract as the records show it (spec §3: direction, buy price, close price, cycle, total
 * amount, fee, expected return, countdown, win/lose). Times are epoch ms; money decimal strings.
 */
export function contractView(c: ContractRow) {
  const credit = c.credit;
  return {
    id: c.id,
    instrument: c.instrument,
    direction: c.direction,
    period: c.periodSeconds,
    currency: c.currency,
    stake: usdt(c.stake),
    fee: usdt(c.fee),
    total: usdt(c.stake + c.fee),
    payoutRate: formatUnits(parseUnits(c.payoutRate, 4), 4),
    expectedReturn: usdt(c.payout),
    expectedProfit: usdt(c.payout - c.stake),
    committedAt: c.committedAt.getTime(),
    endAt: c.endAt.getTime(),
    status: c.status,
    refundReason: c.refundReason,
    buyPrice: price(c.entryPrice),
    buyPriceTs: c.entryTs?.getTime() ?? null,
    closePrice: price(c.exitPrice),
    closePriceTs: c.exitTs?.getTime() ?? null,
    credit: credit === null ? null : usdt(credit),
    // what the contract did to the holder's balance: credit − stake − fee
    pnl: credit === null ? null : usdt(credit - c.stake - c.fee),
    settledAt: c.settledAt?.getTime() ?? null,
    ruleVersion: c.ruleVersion,
    demo: c.demo,
    shortcode: shortcodeOf(c),
  };
}

/** A one-line fingerprint of the terms, in the spirit of Deriv's shortcode: TYPE_SYMBOL_PAYOUT_START_END. */
export function shortcodeOf(c: ContractRow): string {
  return [
    c.direction === 'up' ? 'CALL' : 'PUT',
    c.instrument,
    usdt(c.payout),
    c.committedAt.getTime(),
    c.endAt.getTime(),
    c.ruleVersion,
  ].join('_');
}
