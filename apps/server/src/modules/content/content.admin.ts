import {
  asciiText,
  epochMsField,
  idField,
  intBetween,
  LOCALES,
  pageField,
  RICH_TEXT_MAX,
  text,
  pageSizeField,
} from '@tidemark/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { service } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import { CONTENT_TYPES } from './content.schema.ts';
import { sanitizeRichText } from './sanitize.ts';
import type { ContentService } from './content.service.ts';

const id = idField;
const code = asciiText({ max: 80 }).regex(/^[a-z0-9_]{1,64}$/);
const itemText = z.object({
  title: text({ max: 300 }),
  summary: text({ max: 1000, multiline: true }).optional(),
  body: text({ max: RICH_TEXT_MAX, multiline: true }),
});
/** One entry per locale; unknown locales are refused. */
const perLocale = <T extends z.ZodType>(schema: T) => z.partialRecord(z.enum(LOCALES), schema);

/** The content operator's calls (role content); each write is audited in its own transaction. */
export function registerContentAdminRoutes(app: Api, ctx: AppContext, content: ContentService): void {
  const guard = ctx.guards.operator('content');
  const audit = () => service(ctx, 'audit');

  /** Runs a write and its audit entry in one transaction. */
  const audited = async <T>(
    request: { operator?: { id: number }; ip: string },
    action: string,
    targetType: string,
    write: (tx: Db) => Promise<T>,
    detail: (result: T) => Record<string, unknown>,
    targetId: (result: T) => number,
  ) =>
    ctx.db.transaction(async (tx) => {
      const result = await write(tx as unknown as Db);
      await audit().record(
        {
          operatorId: request.operator!.id,
          action,
          targetType,
          targetId: targetId(result),
          detail: detail(result),
          ip: request.ip,
        },
        tx as unknown as Db,
      );
      return result;
    });

  /** A delete by id, audited with the id alone. */
  const deleteCall = (
    path: string,
    action: string,
    targetType: string,
    remove: (id: number, tx: Db) => Promise<void>,
  ) =>
    app.post(path, { preHandler: guard, schema: { tags: ['admin'], body: z.object({ id }) } }, async (request) => {
      const removed = request.body.id;
      await audited(
        request,
        action,
        targetType,
        (tx) => remove(removed, tx),
        () => ({}),
        () => removed,
      );
      return { deleted: true };
    });

  app.post(
    '/admin/content/item/list',
    {
      preHandler: guard,
      schema: {
        tags: ['admin'],
        body: z.object({
          type: z.enum(CONTENT_TYPES),
          page: pageField,
          size: pageSizeField,
        }),
      },
    },
    async (request) => content.adminList(request.body.type, request.body.page, request.body.size),
  );

  // the body exactly as users will get it: the same sanitizer that runs when the item is saved
  app.post(
    '/admin/content/preview',
    {
      preHandler: guard,
      schema: { tags: ['admin'], body: z.object({ body: text({ max: RICH_TEXT_MAX, multiline: true }) }) },
    },
    async (request) => ({ html: sanitizeRichText(request.body.body) }),
  );

  app.post(
    '/admin/content/item/save',
    {
      preHandler: guard,
      schema: {
        tags: ['admin'],
        body: z.object({
          id: id.optional(),
          type: z.enum(CONTENT_TYPES),
          code: code.nullable().optional(),
          categoryId: id.nullable().optional(),
          pinned: z.boolean().optional(),
          published: z.boolean().optional(),
          sort: z.number().int().min(-1_000_000).max(1_000_000).optional(),
          publishedAt: epochMsField.optional(),
          texts: perLocale(itemText),
        }),
      },
    },
    async (request) => {
      const body = request.body;
      const itemId = await audited(
        request,
        body.id ? 'content.item.update' : 'content.item.create',
        `content_${body.type}`,
        (tx) => content.saveItem(body, tx),
        () => ({
          type: body.type,
          code: body.code ?? null,
          locales: Object.keys(body.texts),
          published: body.published ?? true,
        }),
        (r) => r,
      );
      return { id: itemId };
    },
  );

  deleteCall('/admin/content/item/delete', 'content.item.delete', 'content_item', (id, tx) =>
    content.deleteItem(id, tx),
  );

  app.post(
    '/admin/content/category/save',
    {
      preHandler: guard,
      schema: {
        tags: ['admin'],
        body: z.object({
          id: id.optional(),
          type: z.literal('faq').default('faq'),
          code,
          sort: intBetween(-1_000_000, 1_000_000).optional(),
          names: perLocale(text({ max: 200 })),
        }),
      },
    },
    async (request) => {
      const body = request.body;
      const categoryId = await audited(
        request,
        body.id ? 'content.category.update' : 'content.category.create',
        'content_category',
        (tx) => content.saveCategory(body, tx),
        () => ({ code: body.code, names: body.names }),
        (r) => r,
      );
      return { id: categoryId };
    },
  );

  app.post(
    '/admin/content/banner/list',
    { preHandler: guard, schema: { tags: ['admin'], body: z.object({}).optional() } },
    async () => ({ list: await content.adminBanners() }),
  );

  app.post(
    '/admin/content/banner/save',
    {
      preHandler: guard,
      schema: {
        tags: ['admin'],
        body: z.object({
          id: id.optional(),
          position: asciiText({ max: 80 })
            .regex(/^[a-z0-9_]{1,32}$/)
            .default('home'),
          sort: intBetween(-1_000_000, 1_000_000).optional(),
          enabled: z.boolean().optional(),
          startsAt: epochMsField,
          endsAt: epochMsField.nullable().optional(),
          texts: perLocale(
            z.object({
              title: text({ max: 200 }).optional(),
              imageUrl: asciiText({ max: 1000 }).min(1),
              linkUrl: asciiText({ max: 1000 }).nullable().optional(),
            }),
          ),
        }),
      },
    },
    async (request) => {
      const body = request.body;
      if (body.endsAt != null && body.endsAt <= body.startsAt) {
        throw badRequest('VALIDATION', 'validation.invalid', { field: 'endsAt' }, 'endsAt');
      }
      const bannerId = await audited(
        request,
        body.id ? 'content.banner.update' : 'content.banner.create',
        'banner',
        (tx) => content.saveBanner(body, tx),
        () => ({
          position: body.position,
          startsAt: body.startsAt,
          endsAt: body.endsAt ?? null,
          locales: Object.keys(body.texts),
        }),
        (r) => r,
      );
      return { id: bannerId };
    },
  );

  deleteCall('/admin/content/banner/delete', 'content.banner.delete', 'banner', (id, tx) =>
    content.deleteBanner(id, tx),
  );
}
