import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_LOCALE, type Locale } from '@tidemark/contract';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/http/app-error.ts';
import {
  bannerTexts,
  banners,
  contentCategories,
  contentCategoryNames,
  contentItems,
  contentReads,
  contentTexts,
  type ContentType,
} from './content.schema.ts';
import { isSafeUrl, plainText, sanitizeRichText, textOf } from './sanitize.ts';
import type { AppContext } from '../../platform/context.ts';

export interface ItemTextInput {
  title: string;
  summary?: string | undefined;
  body: string;
}

export interface ItemInput {
  id?: number | undefined;
  type: ContentType;
  code?: string | null | undefined;
  categoryId?: number | null | undefined;
  pinned?: boolean | undefined;
  published?: boolean | undefined;
  sort?: number | undefined;
  publishedAt?: number | undefined;
  texts: Partial<Record<Locale, ItemTextInput>>;
}

export interface BannerInput {
  id?: number | undefined;
  position: string;
  sort?: number | undefined;
  enabled?: boolean | undefined;
  startsAt: number;
  endsAt?: number | null | undefined;
  texts: Partial<Record<Locale, { title?: string | undefined; imageUrl: string; linkUrl?: string | null | undefined }>>;
}

export interface ListQuery {
  type: ContentType;
  page: number;
  size: number;
  categoryId?: number | undefined;
  q?: string | undefined;
}

const local = alias(contentTexts, 'text_local');
const english = alias(contentTexts, 'text_en');

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Notices, documents, help-centre articles and banners. Every text is stored per locale and read
 * with a fallback to en_us; every body is sanitized here, on write.
 */
export class ContentService {
  private readonly deps: Pick<AppContext, 'db' | 'clock'>;
  constructor(deps: Pick<AppContext, 'db' | 'clock'>) {
    this.deps = deps;
  }

  // ---- reading (the app) ----

  async list(query: ListQuery, locale: Locale, userId: number | null) {
    const now = new Date(this.deps.clock.now());
    const title = sql<string>`coalesce(${local.title}, ${english.title})`;
    const conditions: SQL[] = [
      eq(contentItems.type, query.type),
      eq(contentItems.published, true),
      lte(contentItems.publishedAt, now),
    ];
    if (query.categoryId !== undefined) conditions.push(eq(contentItems.categoryId, query.categoryId));
    const q = query.q?.trim();
    if (q) {
      const pattern = likePattern(q);
      conditions.push(or(ilike(title, pattern), ilike(sql`coalesce(${local.plain}, ${english.plain})`, pattern))!);
    }
    const where = and(...conditions);

    const [totalRow] = await this.deps.db
      .select({ n: count() })
      .from(contentItems)
      .leftJoin(local, and(eq(local.itemId, contentItems.id), eq(local.locale, locale)))
      .leftJoin(english, and(eq(english.itemId, contentItems.id), eq(english.locale, DEFAULT_LOCALE)))
      .where(where);

    const order =
      query.type === 'faq'
        ? [asc(contentItems.sort), asc(contentItems.id)]
        : [desc(contentItems.pinned), desc(contentItems.publishedAt), desc(contentItems.id)];
    const rows = await this.deps.db
      .select({
        id: contentItems.id,
        type: contentItems.type,
        code: contentItems.code,
        categoryId: contentItems.categoryId,
        pinned: contentItems.pinned,
        publishedAt: contentItems.publishedAt,
        updatedAt: contentItems.updatedAt,
        title,
        summary: sql<string>`coalesce(${local.summary}, ${english.summary})`,
        readAt: contentReads.readAt,
      })
      .from(contentItems)
      .leftJoin(local, and(eq(local.itemId, contentItems.id), eq(local.locale, locale)))
      .leftJoin(english, and(eq(english.itemId, contentItems.id), eq(english.locale, DEFAULT_LOCALE)))
      .leftJoin(contentReads, and(eq(contentReads.itemId, contentItems.id), eq(contentReads.userId, userId ?? -1)))
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset((query.page - 1) * query.size);

    return {
      list: rows.map((r) => ({
        id: r.id,
        type: r.type,
        code: r.code,
        categoryId: r.categoryId,
        title: r.title,
        summary: r.summary,
        pinned: r.pinned,
        publishedAt: r.publishedAt.getTime(),
        updatedAt: r.updatedAt.getTime(),
        // only notices carry a read state, and only for a signed-in caller
        unread: query.type === 'notice' && userId !== null ? r.readAt === null : false,
      })),
      total: totalRow?.n ?? 0,
      page: query.page,
      size: query.size,
    };
  }

  /** One published item in the caller's language (or English); opening a notice marks it read. */
  async detail(where: { id: number } | { type: ContentType; code: string }, locale: Locale, userId: number | null) {
    const now = new Date(this.deps.clock.now());
    const [item] = await this.deps.db
      .select()
      .from(contentItems)
      .where(
        and(
          'id' in where
            ? eq(contentItems.id, where.id)
            : and(eq(contentItems.type, where.type), eq(contentItems.code, where.code)),
          eq(contentItems.published, true),
          lte(contentItems.publishedAt, now),
        ),
      );
    if (!item) throw notFound('content.notFound');
    const texts = await this.deps.db
      .select()
      .from(contentTexts)
      .where(and(eq(contentTexts.itemId, item.id), inArray(contentTexts.locale, [locale, DEFAULT_LOCALE])));
    const text = texts.find((x) => x.locale === locale) ?? texts.find((x) => x.locale === DEFAULT_LOCALE);
    if (!text) throw notFound('content.notFound');
    if (item.type === 'notice' && userId !== null) {
      await this.deps.db.insert(contentReads).values({ userId, itemId: item.id, readAt: now }).onConflictDoNothing();
    }
    return {
      id: item.id,
      type: item.type,
      code: item.code,
      categoryId: item.categoryId,
      pinned: item.pinned,
      publishedAt: item.publishedAt.getTime(),
      updatedAt: item.updatedAt.getTime(),
      locale: text.locale,
      title: text.title,
      summary: text.summary,
      body: text.body,
    };
  }

  async categories(type: 'faq', locale: Locale) {
    const rows = await this.deps.db
      .select({
        id: contentCategories.id,
        code: contentCategories.code,
        sort: contentCategories.sort,
        locale: contentCategoryNames.locale,
        name: contentCategoryNames.name,
      })
      .from(contentCategories)
      .leftJoin(
        contentCategoryNames,
        and(
          eq(contentCategoryNames.categoryId, contentCategories.id),
          inArray(contentCategoryNames.locale, [locale, DEFAULT_LOCALE]),
        ),
      )
      .where(eq(contentCategories.type, type))
      .orderBy(asc(contentCategories.sort), asc(contentCategories.id));
    const byId = new Map<number, { id: number; code: string; name: string; fromLocale: boolean }>();
    for (const r of rows) {
      const seen = byId.get(r.id);
      const isLocal = r.locale === locale;
      if (!seen || (isLocal && !seen.fromLocale))
        byId.set(r.id, { id: r.id, code: r.code, name: r.name ?? r.code, fromLocale: isLocal });
    }
    return [...byId.values()].map(({ id, code, name }) => ({ id, code, name }));
  }

  /** Banners live now in the caller's language (English when the banner has none for it). */
  async activeBanners(position: string | undefined, locale: Locale) {
    const now = new Date(this.deps.clock.now());
    const conditions: SQL[] = [
      eq(banners.enabled, true),
      lte(banners.startsAt, now),
      or(isNull(banners.endsAt), gt(banners.endsAt, now))!,
    ];
    if (position) conditions.push(eq(banners.position, position));
    const bl = alias(bannerTexts, 'banner_local');
    const be = alias(bannerTexts, 'banner_en');
    const rows = await this.deps.db
      .select({
        id: banners.id,
        position: banners.position,
        sort: banners.sort,
        startsAt: banners.startsAt,
        endsAt: banners.endsAt,
        title: sql<string>`coalesce(${bl.title}, ${be.title})`,
        imageUrl: sql<string>`coalesce(${bl.imageUrl}, ${be.imageUrl})`,
        linkUrl: sql<string | null>`case when ${bl.bannerId} is not null then ${bl.linkUrl} else ${be.linkUrl} end`,
      })
      .from(banners)
      .leftJoin(bl, and(eq(bl.bannerId, banners.id), eq(bl.locale, locale)))
      .leftJoin(be, and(eq(be.bannerId, banners.id), eq(be.locale, DEFAULT_LOCALE)))
      .where(and(...conditions))
      .orderBy(asc(banners.sort), desc(banners.id));
    return rows
      .filter((r) => r.imageUrl !== null)
      .map((r) => ({ ...r, startsAt: r.startsAt.getTime(), endsAt: r.endsAt?.getTime() ?? null }));
  }

  // ---- writing (the operator) ----

  /** Creates or replaces an item with its texts (locales not given are removed). Returns its id. */
  async saveItem(input: ItemInput, db: Db = this.deps.db): Promise<number> {
    const texts = cleanTexts(input.texts);
    if (input.categoryId != null) {
      const [cat] = await db
        .select({ id: contentCategories.id })
        .from(contentCategories)
        .where(eq(contentCategories.id, input.categoryId));
      if (!cat) throw badRequest('CATEGORY_NOT_FOUND', 'content.categoryNotFound', undefined, 'categoryId');
    }
    const code = input.code ?? null;
    if (input.type === 'document' && !code)
      throw badRequest('VALIDATION', 'validation.required', { field: 'code' }, 'code');
    if (code) {
      const [taken] = await db
        .select({ id: contentItems.id })
        .from(contentItems)
        .where(and(eq(contentItems.type, input.type), eq(contentItems.code, code)));
      if (taken && taken.id !== input.id) throw conflict('CODE_TAKEN', 'content.codeTaken');
    }
    const now = new Date(this.deps.clock.now());
    const values = {
      type: input.type,
      code,
      categoryId: input.categoryId ?? null,
      pinned: input.pinned ?? false,
      published: input.published ?? true,
      sort: input.sort ?? 0,
      publishedAt: input.publishedAt !== undefined ? new Date(input.publishedAt) : now,
      updatedAt: now,
    };
    let id: number;
    if (input.id !== undefined) {
      const [row] = await db
        .update(contentItems)
        .set(values)
        .where(eq(contentItems.id, input.id))
        .returning({ id: contentItems.id });
      if (!row) throw notFound('content.notFound');
      id = row.id;
      await db.delete(contentTexts).where(eq(contentTexts.itemId, id));
    } else {
      const [row] = await db
        .insert(contentItems)
        .values({ ...values, createdAt: now })
        .returning({ id: contentItems.id });
      id = row!.id;
    }
    await db.insert(contentTexts).values(texts.map((x) => ({ ...x, itemId: id })));
    return id;
  }

  /** Adds the texts of locales an item does not have yet (used by the idempotent seed). */
  async addMissingTexts(
    itemId: number,
    input: Partial<Record<Locale, ItemTextInput>>,
    db: Db = this.deps.db,
  ): Promise<void> {
    const texts = cleanTexts(input, false);
    if (texts.length)
      await db
        .insert(contentTexts)
        .values(texts.map((x) => ({ ...x, itemId })))
        .onConflictDoNothing();
  }

  async findByCode(type: ContentType, code: string, db: Db = this.deps.db): Promise<number | null> {
    const [row] = await db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(and(eq(contentItems.type, type), eq(contentItems.code, code)));
    return row?.id ?? null;
  }

  async deleteItem(id: number, db: Db = this.deps.db): Promise<void> {
    const rows = await db.delete(contentItems).where(eq(contentItems.id, id)).returning({ id: contentItems.id });
    if (!rows.length) throw notFound('content.notFound');
  }

  /** Every item of a type, published or not, with all its texts (the back office). */
  async adminList(type: ContentType, page: number, size: number) {
    const [total] = await this.deps.db.select({ n: count() }).from(contentItems).where(eq(contentItems.type, type));
    const items = await this.deps.db
      .select()
      .from(contentItems)
      .where(eq(contentItems.type, type))
      .orderBy(desc(contentItems.pinned), desc(contentItems.publishedAt), desc(contentItems.id))
      .limit(size)
      .offset((page - 1) * size);
    const texts = items.length
      ? await this.deps.db
          .select()
          .from(contentTexts)
          .where(
            inArray(
              contentTexts.itemId,
              items.map((i) => i.id),
            ),
          )
      : [];
    return {
      list: items.map((i) => ({
        ...i,
        publishedAt: i.publishedAt.getTime(),
        createdAt: i.createdAt.getTime(),
        updatedAt: i.updatedAt.getTime(),
        texts: Object.fromEntries(
          texts
            .filter((x) => x.itemId === i.id)
            .map((x) => [x.locale, { title: x.title, summary: x.summary, body: x.body }]),
        ),
      })),
      total: total?.n ?? 0,
      page,
      size,
    };
  }

  async saveCategory(
    input: {
      id?: number | undefined;
      type: 'faq';
      code: string;
      sort?: number | undefined;
      names: Partial<Record<Locale, string>>;
    },
    db: Db = this.deps.db,
  ): Promise<number> {
    const names = Object.entries(input.names)
      .map(([locale, name]) => ({ locale, name: plainText(name ?? '') }))
      .filter((n) => n.name.length > 0);
    if (!names.some((n) => n.locale === DEFAULT_LOCALE))
      throw badRequest('VALIDATION', 'content.englishRequired', undefined, 'names.en_us');
    const [taken] = await db
      .select({ id: contentCategories.id })
      .from(contentCategories)
      .where(and(eq(contentCategories.type, input.type), eq(contentCategories.code, input.code)));
    if (taken && taken.id !== input.id) throw conflict('CODE_TAKEN', 'content.codeTaken');
    let id: number;
    if (input.id !== undefined) {
      const [row] = await db
        .update(contentCategories)
        .set({ code: input.code, sort: input.sort ?? 0 })
        .where(eq(contentCategories.id, input.id))
        .returning({ id: contentCategories.id });
      if (!row) throw notFound('content.categoryNotFound');
      id = row.id;
      await db.delete(contentCategoryNames).where(eq(contentCategoryNames.categoryId, id));
    } else {
      const [row] = await db
        .insert(contentCategories)
        .values({ type: input.type, code: input.code, sort: input.sort ?? 0 })
        .returning({ id: contentCategories.id });
      id = row!.id;
    }
    await db.insert(contentCategoryNames).values(names.map((n) => ({ ...n, categoryId: id })));
    return id;
  }

  async findCategory(type: 'faq', code: string, db: Db = this.deps.db): Promise<number | null> {
    const [row] = await db
      .select({ id: contentCategories.id })
      .from(contentCategories)
      .where(and(eq(contentCategories.type, type), eq(contentCategories.code, code)));
    return row?.id ?? null;
  }

  async saveBanner(input: BannerInput, db: Db = this.deps.db): Promise<number> {
    const texts = Object.entries(input.texts).map(([locale, x]) => {
      if (!x) throw badRequest('VALIDATION', 'validation.required', { field: 'texts' }, 'texts');
      if (!isSafeUrl(x.imageUrl))
        throw badRequest('UNSAFE_URL', 'content.unsafeUrl', undefined, `texts.${locale}.imageUrl`);
      if (x.linkUrl && !isSafeUrl(x.linkUrl))
        throw badRequest('UNSAFE_URL', 'content.unsafeUrl', undefined, `texts.${locale}.linkUrl`);
      return { locale, title: plainText(x.title ?? ''), imageUrl: x.imageUrl, linkUrl: x.linkUrl || null };
    });
    if (!texts.some((x) => x.locale === DEFAULT_LOCALE))
      throw badRequest('VALIDATION', 'content.englishRequired', undefined, 'texts.en_us');
    const now = new Date(this.deps.clock.now());
    const values = {
      position: input.position,
      sort: input.sort ?? 0,
      enabled: input.enabled ?? true,
      startsAt: new Date(input.startsAt),
      endsAt: input.endsAt != null ? new Date(input.endsAt) : null,
      updatedAt: now,
    };
    let id: number;
    if (input.id !== undefined) {
      const [row] = await db.update(banners).set(values).where(eq(banners.id, input.id)).returning({ id: banners.id });
      if (!row) throw notFound('content.notFound');
      id = row.id;
      await db.delete(bannerTexts).where(eq(bannerTexts.bannerId, id));
    } else {
      const [row] = await db
        .insert(banners)
        .values({ ...values, createdAt: now })
        .returning({ id: banners.id });
      id = row!.id;
    }
    await db.insert(bannerTexts).values(texts.map((x) => ({ ...x, bannerId: id })));
    return id;
  }

  async deleteBanner(id: number, db: Db = this.deps.db): Promise<void> {
    const rows = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
    if (!rows.length) throw notFound('content.notFound');
  }

  async adminBanners() {
    const rows = await this.deps.db
      .select()
      .from(banners)
      .orderBy(asc(banners.position), asc(banners.sort), desc(banners.id));
    const texts = rows.length
      ? await this.deps.db
          .select()
          .from(bannerTexts)
          .where(
            inArray(
              bannerTexts.bannerId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    return rows.map((b) => ({
      ...b,
      startsAt: b.startsAt.getTime(),
      endsAt: b.endsAt?.getTime() ?? null,
      createdAt: b.createdAt.getTime(),
      updatedAt: b.updatedAt.getTime(),
      texts: Object.fromEntries(
        texts
          .filter((x) => x.bannerId === b.id)
          .map((x) => [x.locale, { title: x.title, imageUrl: x.imageUrl, linkUrl: x.linkUrl }]),
      ),
    }));
  }
}

/** Sanitizes every locale's text; an empty title or body is refused, and English must be there. */
function cleanTexts(input: Partial<Record<Locale, ItemTextInput>>, requireEnglish = true) {
  const out: Array<{ locale: string; title: string; summary: string; body: string; plain: string }> = [];
  for (const [locale, text] of Object.entries(input)) {
    if (!text) continue;
    const title = plainText(text.title);
    if (!title) throw badRequest('VALIDATION', 'content.titleEmpty', undefined, `texts.${locale}.title`);
    const body = sanitizeRichText(text.body);
    const plain = textOf(body);
    if (!plain && !/<img\b/.test(body))
      throw badRequest('VALIDATION', 'content.bodyEmpty', undefined, `texts.${locale}.body`);
    out.push({
      locale,
      title: title.slice(0, 300),
      summary: plainText(text.summary ?? '').slice(0, 1000),
      body,
      plain,
    });
  }
  if (requireEnglish && !out.some((x) => x.locale === DEFAULT_LOCALE)) {
    throw badRequest('VALIDATION', 'content.englishRequired', undefined, 'texts.en_us');
  }
  return out;
}
