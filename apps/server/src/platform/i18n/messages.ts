import { COMPLETE_LOCALES, DEFAULT_LOCALE, LOCALES, type Locale } from '@tidemark/contract';

/**
 * Server-side messages. Each module defines its messages for all locales in its own
 * `<module>.messages.ts` and registers them here; `t()` looks a key up in the request's locale and
 * falls back to `en_us`. Placeholders are written `{name}`.
 */
export type MessageTable = Record<string, string>;
export type LocalizedMessages = { en_us: MessageTable } & Partial<Record<Exclude<Locale, 'en_us'>, MessageTable>>;

const tables: Record<Locale, Map<string, string>> = Object.fromEntries(
  LOCALES.map((l) => [l, new Map<string, string>()]),
) as Record<Locale, Map<string, string>>;

export function registerMessages(messages: LocalizedMessages): void {
  for (const locale of LOCALES) {
    const table = messages[locale];
    if (!table) continue;
    for (const [key, text] of Object.entries(table)) tables[locale].set(key, text);
  }
}

export function hasMessage(key: string): boolean {
  return tables[DEFAULT_LOCALE].has(key);
}

export function t(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const text = tables[locale].get(key) ?? tables[DEFAULT_LOCALE].get(key) ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** Keys present in `en_us` but missing from a complete locale (the i18n test asserts it is empty). */
export function missingKeys(): Array<{ locale: Locale; key: string }> {
  const missing: Array<{ locale: Locale; key: string }> = [];
  for (const locale of COMPLETE_LOCALES) {
    for (const key of tables[DEFAULT_LOCALE].keys()) {
      if (!tables[locale].has(key)) missing.push({ locale, key });
    }
  }
  return missing;
}

/** One row of texts per key, in the order of LOCALES (en_us, zh_hk, zh_cn, de, fr, jp, kr, tr). */
export type MessageRows = Record<string, [string, string, string, string, string, string, string, string]>;

/** The per-locale tables of messages written one row per key, so a key's eight translations stand together. */
export function messagesByKey(rows: MessageRows): LocalizedMessages {
  return Object.fromEntries(
    LOCALES.map((locale, i) => [
      locale,
      Object.fromEntries(Object.entries(rows).map(([key, texts]) => [key, texts[i]!])),
    ]),
  ) as LocalizedMessages;
}
