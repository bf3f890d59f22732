import { idField, pageField, text, pageSizeField } from '@tidemark/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import type { KycService } from './kyc.service.ts';
import { fileIdParams, sendPhoto } from './photo-reply.ts';

const paging = { page: pageField, size: pageSizeField };

/** The back office (compliance; super_admin always passes): the review queue, a file, approve, reject, photos. */
export function registerKycAdmin(app: Api, ctx: AppContext, kyc: KycService): void {
  const compliance = { preHandler: ctx.guards.operator('compliance') };

  app.post(
    '/admin/kyc/queue',
    {
      ...compliance,
      schema: {
        tags: ['admin'],
        body: z
          .object({
            state: z.enum(['pending', 'approved', 'rejected']).default('pending'),
            level: z.enum(['basic', 'advanced']).optional(),
            ...paging,
          })
          .default({ state: 'pending', page: 1, size: 20 }),
      },
    },
    async (request) => kyc.queue(request.body),
  );

  app.post(
    '/admin/kyc/view',
    { ...compliance, schema: { tags: ['admin'], body: z.object({ id: idField }) } },
    async (request) => kyc.view(request.operator!.id, request.body.id, request.ip),
  );

  app.post(
    '/admin/kyc/approve',
    { ...compliance, schema: { tags: ['admin'], body: z.object({ id: idField }) } },
    async (request) => kyc.approve(request.operator!.id, request.body.id, request.ip),
  );

  app.post(
    '/admin/kyc/reject',
    {
      ...compliance,
      schema: {
        tags: ['admin'],
        body: z.object({
          id: idField,
          reason: text({ max: 500, multiline: true }).min(1, 'kyc.reasonEmpty'),
        }),
      },
    },
    async (request) => kyc.reject(request.operator!.id, request.body.id, request.body.reason, request.ip),
  );

  app.get(
    '/admin/kyc/photo/:fileId',
    { ...compliance, config: { envelope: false }, schema: { tags: ['admin'], params: fileIdParams } },
    async (request, reply) => {
      const photo = await kyc.photo(request.params.fileId);
      if (!photo) throw notFound();
      await kyc.recordPhotoView(request.operator!.id, request.params.fileId, request.ip);
      return sendPhoto(reply, photo);
    },
  );
}
