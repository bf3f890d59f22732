import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '@tidemark/contract';
import type { AppContext } from '../../platform/context.ts';
import { service } from '../../platform/context.ts';
import type { ItemTextInput } from './content.service.ts';
import { renderTemplate } from './documents/templates.ts';

/** Default texts live in data files beside the module, one folder per locale. */
export const DEFAULTS_DIR = new URL('./defaults/', import.meta.url).pathname;

export const DEFAULT_DOCUMENTS = [
  'user_agreement',
  'privacy_policy',
  'risk_spot',
  'risk_futures',
  'risk_cycle',
  'risk_earn',
  'fee_schedule',
  'about_us',
] as const;

interface ArticleFile {
  code: string;
  category?: string;
  title: string;
  summary?: string;
  body: string;
}

function readJson<T>(file: string): T | null {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : null;
}

/**
 * A document is either rendered from its template (documents that show configured figures) or read
 * from an HTML file that starts with `<h1>Title</h1>`, the rest being the body.
 */
export function readDocument(locale: Locale, code: string): ItemTextInput | null {
  const rendered = renderTemplate(DEFAULTS_DIR, locale, code);
  if (rendered) return rendered;
  const file = path.join(DEFAULTS_DIR, locale, 'documents', `${code}.html`);
  if (!fs.existsSync(file)) return null;
  const text = fs.readFileSync(file, 'utf8');
  const m = /^\s*<h1>(.*?)<\/h1>\s*/s.exec(text);
  if (!m) throw new Error(`${file} must start with <h1>title</h1>`);
  return { title: m[1]!, body: text.slice(m[0].length) };
}

/** Texts of one article code in every locale that has it. */
function byLocale(
  kind: 'faq' | 'notices',
): Map<string, { category?: string | undefined; texts: Partial<Record<Locale, ItemTextInput>> }> {
  const out = new Map<string, { category?: string | undefined; texts: Partial<Record<Locale, ItemTextInput>> }>();
  for (const locale of LOCALES) {
    for (const a of readJson<ArticleFile[]>(path.join(DEFAULTS_DIR, locale, `${kind}.json`)) ?? []) {
      const entry = out.get(a.code) ?? { category: a.category, texts: {} };
      entry.texts[locale] = { title: a.title, summary: a.summary, body: a.body };
      out.set(a.code, entry);
    }
  }
  return out;
}

/**
 * Idempotent: creates the default documents, help-centre categories and articles, and the welcome
 * notice when their code is absent, and adds translations that are missing. It never overwrites
 * what an operator has edited.
 */
export async function seedContent(ctx: AppContext): Promise<void> {
  const content = service(ctx, 'content');
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as typeof ctx.db;
    for (const code of DEFAULT_DOCUMENTS) {
      const texts: Partial<Record<Locale, ItemTextInput>> = {};
      for (const locale of LOCALES) {
        const doc = readDocument(locale, code);
        if (doc) texts[locale] = doc;
      }
      const existing = await content.findByCode('document', code, db);
      if (existing === null) await content.saveItem({ type: 'document', code, texts }, db);
      else await content.addMissingTexts(existing, texts, db);
    }

    const categoryIds = new Map<string, number>();
    const categories =
      readJson<Array<{ code: string; sort: number; names: Partial<Record<Locale, string>> }>>(
        path.join(DEFAULTS_DIR, 'categories.json'),
      ) ?? [];
    for (const c of categories) {
      const found = await content.findCategory('faq', c.code, db);
      categoryIds.set(
        c.code,
        found ?? (await content.saveCategory({ type: 'faq', code: c.code, sort: c.sort, names: c.names }, db)),
      );
    }

    let sort = 0;
    for (const [code, article] of byLocale('faq')) {
      sort += 10;
      const existing = await content.findByCode('faq', code, db);
      const categoryId = article.category ? (categoryIds.get(article.category) ?? null) : null;
      if (existing === null) await content.saveItem({ type: 'faq', code, categoryId, sort, texts: article.texts }, db);
      else await content.addMissingTexts(existing, article.texts, db);
    }

    for (const [code, notice] of byLocale('notices')) {
      const existing = await content.findByCode('notice', code, db);
      if (existing === null) await content.saveItem({ type: 'notice', code, pinned: true, texts: notice.texts }, db);
      else await content.addMissingTexts(existing, notice.texts, db);
    }
  });
}
