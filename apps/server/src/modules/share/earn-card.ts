import { LOCALE_TAGS, type Locale } from '@tidemark/contract';
import { formatUnits, mulDiv, parseRate, pow10, RATE_SCALE } from '@tidemark/contract/money';
import { t } from '../../platform/i18n/messages.ts';
import { formatPrice } from '../alerts/alert-rules.ts';
import type { EarnOrderRow } from '../earn/order-lookup.ts';
import { show } from '../wallet/amounts.ts';
import type { CardFacts } from './card.ts';

/**
 * The published annual rate of a daily rate, in percent with two decimals (half up): daily × 365, no compounding,
 * the same simple interest the order earns. Exact: rate units × 365 × 100 (percent) × 100 (two decimals) / 10^18.
 */
export function annualPercent(dailyRate: string): string {
  return formatUnits(mulDiv(parseRate(dailyRate), 365n * 10_000n, pow10(RATE_SCALE), 'halfUp'), 2, { fixed: true });
}

/** (part / whole) × 100 in percent, signed, two decimals half up away from zero; exact on minor units. */
export function percentOfUnits(part: bigint, whole: bigint): string {
  if (whole <= 0n) return '0.00';
  const negative = part < 0n;
  const hundredths = mulDiv(negative ? -part : part, 10_000n, whole, 'halfUp');
  return `${negative ? '-' : part > 0n ? '+' : ''}${formatUnits(hundredths, 2, { fixed: true })}`;
}

const dateOf = (at: Date, tag: string) =>
  new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(at);

/**
 * What a staking order's card says. The headline is the interest as a percent of the principal: accrued so far for a
 * running order, final once it matured. An order redeemed early forfeits its interest and pays the principal
 * penalty, so its final figure is that loss (never the forfeited interest); a revoked one earned nothing.
 */
export function earnFacts(o: EarnOrderRow, locale: Locale): CardFacts {
  const tag = LOCALE_TAGS[locale];
  const c = o.currency;
  // the penalty stored on a redeemed order includes the forfeited interest; the principal part is the rest
  const principalPenalty = o.state === 'redeemed' ? (o.penalty ?? 0n) - o.accrued : 0n;
  const interest = o.state === 'active' || o.state === 'matured' ? o.accrued : 0n;
  const result = interest - principalPenalty;
  const closed = o.state === 'redeemed' || o.state === 'revoked';
  const signed = (units: bigint) =>
    `${units < 0n ? '−' : units > 0n ? '+' : ''}${formatPrice(show(units < 0n ? -units : units, c), tag)} ${c}`;
  return {
    kindKey: 'share.kind.earn',
    subtitle: `${c} · ${t(locale, 'share.lockDays', { days: o.lockDays })}`,
    outcomeKey: `earn.${o.state}`,
    percent: percentOfUnits(result, o.amount),
    lines: [
      { labelKey: 'share.annualRate', value: `${formatPrice(annualPercent(o.dailyRate), tag)} %` },
      { labelKey: 'share.startDate', value: dateOf(o.startedAt, tag) },
      closed && o.closedAt
        ? { labelKey: 'share.closedDate', value: dateOf(o.closedAt, tag) }
        : { labelKey: 'share.endDate', value: dateOf(o.endsAt, tag) },
    ],
    amounts: [
      { labelKey: 'share.principal', value: `${formatPrice(show(o.amount, c), tag)} ${c}` },
      { labelKey: 'share.interest', value: signed(interest) },
      ...(o.state === 'redeemed' ? [{ labelKey: 'share.penalty', value: signed(-principalPenalty) }] : []),
    ],
  };
}
