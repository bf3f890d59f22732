import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@tidemark/contract';
import { DEFAULTS_DIR } from '../content.seed.ts';
import { formatDecimal, formatRate } from './document-format.ts';
import { feeFigures, type FeeFigures } from './fee-schedule.figures.ts';
import { FEE_SCHEDULE_KEYS, renderFeeSchedule, type FeeScheduleStrings } from './fee-schedule.template.ts';

const stringsOf = (locale: Locale): FeeScheduleStrings =>
  JSON.parse(
    fs.readFileSync(path.join(DEFAULTS_DIR, locale, 'documents', 'fee_schedule.json'), 'utf8'),
  ) as FeeScheduleStrings;

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

/** Every figure a reader must find in the schedule, as the locale writes it. */
function expectedFigures(f: FeeFigures, locale: Locale): string[] {
  const rate = (r: string) => formatRate(r, locale);
  const num = (n: string | number) => formatDecimal(n, locale);
  return [
    rate(f.spot.makerRate),
    rate(f.spot.takerRate),
    rate(f.convert.spread),
    rate(f.convert.feeRate),
    num(f.convert.quoteSeconds),
    rate(f.futures.makerRate),
    rate(f.futures.takerRate),
    rate(f.futures.liquidationRate),
    num(f.futures.fundingHours),
    rate(f.cycle.feeRate),
    num(f.cycle.minStake),
    num(f.cycle.maxStake),
    ...f.cycle.periods.flatMap((p) => [num(p.seconds), rate(p.payoutRate)]),
    num(f.earn.graceMinutes),
    ...f.earn.plans.flatMap((p) => [num(p.lockDays), rate(p.penaltyRate)]),
    ...f.chains.flatMap((c) => [
      `${num(c.withdrawFee)} ${c.currency}`,
      `${num(c.minWithdraw)} ${c.currency}`,
      `${num(c.minDeposit)} ${c.currency}`,
    ]),
    rate(f.bank.feeRate),
    num(f.bank.min),
  ];
}

describe('fee schedule template', () => {
  it.each(LOCALES)('%s has every string, with the placeholders of en_us', (locale) => {
    const strings = stringsOf(locale);
    const english = stringsOf('en_us');
    expect(Object.keys(strings).sort()).toEqual([...FEE_SCHEDULE_KEYS].sort());
    for (const key of FEE_SCHEDULE_KEYS)
      expect([key, placeholders(strings[key])]).toEqual([key, placeholders(english[key])]);
  });

  it.each(LOCALES)('%s shows the configured fees', (locale) => {
    const figures = feeFigures({});
    const { title, body } = renderFeeSchedule(stringsOf(locale), figures, locale);
    expect(title.length).toBeGreaterThan(2);
    for (const figure of expectedFigures(figures, locale)) expect(body).toContain(figure);
    expect(body).not.toMatch(/\{\w+\}/);
  });

  it('follows a change of configuration in every locale', () => {
    const figures = feeFigures({
      CONVERT_SPREAD: '0.0037',
      CONVERT_FEE_RATE: '0.0013',
      CYCLE_FEE_RATE: '0.0025',
      CYCLE_MIN_STAKE: '250',
      CYCLE_MAX_STAKE: '75000',
      CYCLE_PERIODS: '45:0.77',
      BANK_WITHDRAW_FEE_RATE: '0.015',
      BANK_WITHDRAW_MIN: '120',
    });
    for (const locale of LOCALES) {
      const { body } = renderFeeSchedule(stringsOf(locale), figures, locale);
      for (const figure of [
        formatRate('0.0037', locale),
        formatRate('0.0013', locale),
        formatRate('0.0025', locale),
        formatDecimal('75000', locale),
        formatRate('0.77', locale),
        formatRate('0.015', locale),
      ])
        expect(body).toContain(figure);
      expect(body).not.toContain(formatRate('0.88', locale));
    }
  });

  it('lists a market whose fees finance set apart, with both of its fees, in every locale', () => {
    const figures: FeeFigures = {
      ...feeFigures({}),
      spot: {
        makerRate: '0.0008',
        takerRate: '0.001',
        markets: [{ symbol: 'BTCUSDT', makerRate: '0.0007', takerRate: '0.0015' }],
      },
    };
    for (const locale of LOCALES) {
      const { body } = renderFeeSchedule(stringsOf(locale), figures, locale);
      expect(body).toContain('BTCUSDT');
      expect(body).toContain(formatRate('0.0007', locale));
      expect(body).toContain(formatRate('0.0015', locale));
      expect(body).toContain(formatRate('0.001', locale));
    }
  });

  it('lists a contract whose fees finance set apart, with both of its fees, in every locale', () => {
    const base = feeFigures({});
    const figures: FeeFigures = {
      ...base,
      futures: { ...base.futures, contracts: [{ symbol: 'ETHUSDT', makerRate: '0.0001', takerRate: '0.0009' }] },
    };
    for (const locale of LOCALES) {
      const { body } = renderFeeSchedule(stringsOf(locale), figures, locale);
      expect(body).toContain('ETHUSDT');
      expect(body).toContain(formatRate('0.0001', locale));
      expect(body).toContain(formatRate('0.0009', locale));
    }
  });

  it('formats rates exactly, as each locale writes them', () => {
    expect(formatRate('0.0008', 'en_us')).toBe('0.08%');
    expect(formatRate('0.0008', 'tr')).toBe('%0,08');
    expect(formatRate('0.123456789012345678', 'en_us')).toBe('12.3456789012345678%');
    expect(formatDecimal('50000', 'de')).toBe('50.000');
  });
});
