import { asciiText, idField, text, pageSizeField } from '@tidemark/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import { DEFAULTS_DIR } from './content.seed.ts';
import { CONTENT_TYPES } from './content.schema.ts';
import type { ContentService } from './content.service.ts';
import { withFiguresInForce } from './documents/templates.ts';
import { optionalUserId } from './optional-user.ts';

const page = z.number().int().min(1).max(10_000).default(1);
const size = pageSizeField;

/** The public reading calls at the paths of the original app: lists, details, FAQ categories, banners. */
export function registerContentRoutes(app: Api, ctx: AppContext, content: ContentService): void {
  app.post(
    '/xb/v1/content/list',
    {
      schema: {
        tags: ['content'],
        body: z.object({
          type: z.enum(CONTENT_TYPES),
          page,
          size,
          categoryId: idField.optional(),
          q: text({ max: 100 }).optional(),
        }),
      },
    },
    async (request) => content.list(request.body, request.locale, await optionalUserId(ctx, request)),
  );

  app.post(
    '/xb/v1/content/detail',
    { schema: { tags: ['content'], body: z.object({ id: idField }) } },
    async (request) =>
      withFiguresInForce(
        DEFAULTS_DIR,
        await content.detail({ id: request.body.id }, request.locale, await optionalUserId(ctx, request)),
      ),
  );

  app.post(
    '/xb/v1/content/detail/by/code',
    {
      schema: {
        tags: ['content'],
        body: z.object({
          code: asciiText({ max: 80 }).regex(/^[a-z0-9_]{1,64}$/),
        }),
      },
    },
    async (request) =>
      withFiguresInForce(
        DEFAULTS_DIR,
        await content.detail({ type: 'document', code: request.body.code }, request.locale, null),
      ),
  );

  app.post(
    '/xb/v1/content/category/list',
    {
      schema: {
        tags: ['content'],
        body: z.object({ type: z.literal('faq').default('faq') }).default({ type: 'faq' }),
      },
    },
    async (request) => ({ list: await content.categories(request.body.type, request.locale) }),
  );

  app.post(
    '/xb/v1/common/load/banner',
    {
      schema: {
        tags: ['common'],
        body: z
          .object({
            position: asciiText({ max: 80 })
              .regex(/^[a-z0-9_]{1,32}$/)
              .optional(),
          })
          .default({}),
      },
    },
    async (request) => ({ list: await content.activeBanners(request.body.position, request.locale) }),
  );
}
