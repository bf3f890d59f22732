import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '@tidemark/contract';
import { feeFigures } from './fee-schedule.figures.ts';
import { FEE_SCHEDULE_KEYS, renderFeeSchedule } from './fee-schedule.template.ts';

/**
 * Documents built from one template and a file of translated strings per locale
 * (defaults/<locale>/documents/<code>.json), for documents that show figures from configuration:
 * the figures are written once, where the modules read them, and cannot drift between locales.
 */
type Renderer = (strings: Record<string, string>, locale: Locale) => { title: string; body: string };

const TEMPLATES: Record<string, Renderer> = {
  fee_schedule: (strings, locale) => renderFeeSchedule(checked(strings, FEE_SCHEDULE_KEYS), feeFigures(), locale),
};

function checked<K extends string>(strings: Record<string, string>, keys: readonly K[]): Record<K, string> {
  const missing = keys.filter((k) => typeof strings[k] !== 'string');
  if (missing.length > 0) throw new Error(`document strings lack ${missing.join(', ')}`);
  return strings as Record<K, string>;
}

/** The rendered document, or null when the code has no template or the locale no strings file. */
export function renderTemplate(dir: string, locale: Locale, code: string): { title: string; body: string } | null {
  const render = TEMPLATES[code];
  const file = path.join(dir, locale, 'documents', `${code}.json`);
  if (!render || !fs.existsSync(file)) return null;
  return render(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>, locale);
}

/**
 * A stored document whose figures come from configuration, rendered again as it is read: its fees
 * follow the values in force (finance's overrides included) from the moment they change, with no
 * stored copy to go stale. Its words come from the strings files, so a console edit of such a document
 * does not show; any other document is returned as stored.
 */
export function withFiguresInForce<
  T extends { type: string; code: string | null; locale: string; title: string; body: string },
>(dir: string, item: T): T {
  if (item.type !== 'document' || item.code === null || !TEMPLATES[item.code]) return item;
  const rendered = renderTemplate(dir, item.locale as Locale, item.code);
  return rendered ? { ...item, ...rendered } : item;
}
