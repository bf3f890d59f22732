import type { Locale } from '@tidemark/contract';
import { escapeHtml, fill, formatDecimal, formatRate } from './document-format.ts';
import type { FeeFigures } from './fee-schedule.figures.ts';

/**
 * The translated strings of the fee schedule (defaults/<locale>/documents/fee_schedule.json). They
 * may hold inline markup (<strong>) and `{placeholders}`; every figure comes from FeeFigures.
 */
export const FEE_SCHEDULE_KEYS = [
  'title',
  'intro',
  'spotHeading',
  'colItem',
  'colDefault',
  'spotMaker',
  'spotMakerValue',
  'spotTaker',
  'spotTakerValue',
  'spotCancel',
  'free',
  'spotNote',
  'convertHeading',
  'convertSpread',
  'convertSpreadValue',
  'convertFee',
  'convertFeeValue',
  'convertValidity',
  'convertValidityValue',
  'convertNote',
  'futuresHeading',
  'futuresMaker',
  'futuresMakerValue',
  'futuresTaker',
  'futuresTakerValue',
  'liquidationFee',
  'liquidationFeeValue',
  'fundingNote',
  'cycleHeading',
  'cycleNote',
  'colPeriod',
  'colPayout',
  'earnHeading',
  'earnNote',
  'colCurrency',
  'colLockDays',
  'colPenalty',
  'walletHeading',
  'walletNote',
  'colChain',
  'colWithdrawFee',
  'colMinWithdraw',
  'colMinDeposit',
  'bankNote',
  'roundingHeading',
  'roundingNote',
] as const;
export type FeeScheduleStrings = Record<(typeof FEE_SCHEDULE_KEYS)[number], string>;

const row = (cells: readonly string[], tag: 'td' | 'th' = 'td'): string =>
  `<tr>${cells.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;

const table = (head: readonly string[], rows: ReadonlyArray<readonly string[]>): string =>
  `<table><thead>${row(head, 'th')}</thead><tbody>${rows.map((r) => row(r)).join('')}</tbody></table>`;

/** Renders the fee schedule of one locale: its title and its HTML body. */
export function renderFeeSchedule(
  s: FeeScheduleStrings,
  f: FeeFigures,
  locale: Locale,
): { title: string; body: string } {
  const rate = (r: string): string => escapeHtml(formatRate(r, locale));
  const num = (n: string | number): string => escapeHtml(formatDecimal(n, locale));
  const amount = (n: string, code: string): string => `${num(n)} ${escapeHtml(code)}`;
  const item = [s.colItem, s.colDefault];
  const body = [
    `<p>${s.intro}</p>`,
    `<h2>${s.spotHeading}</h2>`,
    table(item, [
      [s.spotMaker, fill(s.spotMakerValue, { rate: rate(f.spot.makerRate) })],
      [s.spotTaker, fill(s.spotTakerValue, { rate: rate(f.spot.takerRate) })],
      // a market finance set apart is listed by its symbol with both of its fees, in the same words
      ...f.spot.markets.flatMap((m) => [
        [`${escapeHtml(m.symbol)} · ${s.spotMaker}`, fill(s.spotMakerValue, { rate: rate(m.makerRate) })],
        [`${escapeHtml(m.symbol)} · ${s.spotTaker}`, fill(s.spotTakerValue, { rate: rate(m.takerRate) })],
      ]),
      [s.spotCancel, s.free],
    ]),
    `<p>${s.spotNote}</p>`,
    `<h2>${s.convertHeading}</h2>`,
    table(item, [
      [s.convertSpread, fill(s.convertSpreadValue, { rate: rate(f.convert.spread) })],
      [s.convertFee, fill(s.convertFeeValue, { rate: rate(f.convert.feeRate) })],
      [s.convertValidity, fill(s.convertValidityValue, { seconds: num(f.convert.quoteSeconds) })],
    ]),
    `<p>${s.convertNote}</p>`,
    `<h2>${s.futuresHeading}</h2>`,
    table(item, [
      [s.futuresMaker, fill(s.futuresMakerValue, { rate: rate(f.futures.makerRate) })],
      [s.futuresTaker, fill(s.futuresTakerValue, { rate: rate(f.futures.takerRate) })],
      // a contract finance set apart is listed by its symbol with both of its fees, as on spot
      ...f.futures.contracts.flatMap((c) => [
        [`${escapeHtml(c.symbol)} · ${s.futuresMaker}`, fill(s.futuresMakerValue, { rate: rate(c.makerRate) })],
        [`${escapeHtml(c.symbol)} · ${s.futuresTaker}`, fill(s.futuresTakerValue, { rate: rate(c.takerRate) })],
      ]),
      [s.liquidationFee, fill(s.liquidationFeeValue, { rate: rate(f.futures.liquidationRate) })],
    ]),
    `<p>${fill(s.fundingNote, { hours: num(f.futures.fundingHours) })}</p>`,
    `<h2>${s.cycleHeading}</h2>`,
    `<p>${fill(s.cycleNote, { feeRate: rate(f.cycle.feeRate), minStake: num(f.cycle.minStake), maxStake: num(f.cycle.maxStake) })}</p>`,
    table(
      [s.colPeriod, s.colPayout],
      f.cycle.periods.map((p) => [num(p.seconds), rate(p.payoutRate)]),
    ),
    `<h2>${s.earnHeading}</h2>`,
    `<p>${fill(s.earnNote, { minutes: num(f.earn.graceMinutes) })}</p>`,
    table(
      [s.colCurrency, s.colLockDays, s.colPenalty],
      f.earn.plans.map((p) => [escapeHtml(p.currency), num(p.lockDays), rate(p.penaltyRate)]),
    ),
    `<h2>${s.walletHeading}</h2>`,
    `<p>${s.walletNote}</p>`,
    table(
      [s.colCurrency, s.colChain, s.colWithdrawFee, s.colMinWithdraw, s.colMinDeposit],
      f.chains.map((c) => [
        escapeHtml(c.currency),
        escapeHtml(c.chain),
        amount(c.withdrawFee, c.currency),
        amount(c.minWithdraw, c.currency),
        amount(c.minDeposit, c.currency),
      ]),
    ),
    `<p>${fill(s.bankNote, { feeRate: rate(f.bank.feeRate), min: num(f.bank.min) })}</p>`,
    `<h2>${s.roundingHeading}</h2>`,
    `<p>${s.roundingNote}</p>`,
  ].join('\n');
  return { title: s.title, body };
}
