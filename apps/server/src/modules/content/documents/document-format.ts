import { LOCALE_TAGS, type Locale } from '@tidemark/contract';

// Intl formats a numeric string as an exact decimal, so a configured rate such as "0.0008" is shown
// without ever passing through a float.
const EXACT = { maximumFractionDigits: 20 } as const;

/** "0.0008" → "0.08%" (en), "0,08 %" (de), "%0,08" (tr). */
export function formatRate(rate: string, locale: Locale): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { ...EXACT, style: 'percent' }).format(
    rate as Intl.StringNumericLiteral,
  );
}

/** "50000" → "50,000" (en), "50.000" (de), "50 000" (fr). */
export function formatDecimal(value: string | number, locale: Locale): string {
  const n = typeof value === 'number' ? value : (value as Intl.StringNumericLiteral);
  return new Intl.NumberFormat(LOCALE_TAGS[locale], EXACT).format(n);
}

/**
 * Replaces each `{name}` in a translated string with its value; a name the string uses but the
 * values lack is an error, so a translation cannot silently lose a figure.
 */
export function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for {${name}} in "${text}"`);
    return v;
  });
}

/** Text to be placed inside HTML markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
