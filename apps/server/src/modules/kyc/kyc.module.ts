import { asciiText, idField, pageField, text } from '@tidemark/contract';
import { z } from 'zod';
import { KYC_LEVELS, KYC_LIMITS, kycAdvancedSubmitBody, kycBasicSubmitBody } from '@tidemark/contract/kyc';
import { service } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/http/app-error.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import type { FastifyReply } from 'fastify';
import { kycMessages } from './kyc.messages.ts';
import { KycService } from './kyc.service.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    kyc: KycService;
  }
}

registerMessages(kycMessages);

const paging = { page: pageField, size: z.number().int().min(1).max(100).default(20) };
const fileIdParams = z.object({ fileId: asciiText({ max: 100 }).min(1) });

/**
 * Identity verification (spec §4–§6): basic (name, ID number, country, document type) then
 * advanced (three photos), each reviewed by a compliance operator. Publishes `ctx.services.kyc`,
 * through which the wallet reads the level and its limits.
 */
export const kycModule: Module = {
  name: 'kyc',
  register(app, ctx) {
    const kyc = new KycService({
      db: ctx.db,
      clock: ctx.clock,
      storage: ctx.storage,
      // resolved on use: the account module registers them before this one
      accounts: () => service(ctx, 'account'),
      uploads: () => service(ctx, 'uploads'),
      audit: service(ctx, 'audit'),
      maxPhotoBytes: ctx.config.uploadMaxBytes,
    });
    ctx.services.kyc = kyc;

    const user = { preHandler: ctx.guards.user };
    const compliance = { preHandler: ctx.guards.operator('compliance') };

    app.post('/xb/v1/kyc/status', { ...user, schema: { tags: ['kyc'] } }, async (request) =>
      kyc.status(request.user!.id),
    );

    app.post(
      '/xb/v1/kyc/basic/submit',
      { ...user, schema: { tags: ['kyc'], body: kycBasicSubmitBody } },
      async (request) => kyc.submitBasic(request.user!.id, request.body),
    );

    app.post(
      '/xb/v1/kyc/advanced/submit',
      { ...user, schema: { tags: ['kyc'], body: kycAdvancedSubmitBody } },
      async (request) => kyc.submitAdvanced(request.user!.id, request.body),
    );

    app.post('/xb/v1/kyc/limits', { ...user, schema: { tags: ['kyc'] } }, async (request) => {
      const level = await kyc.levelOf(request.user!.id);
      return {
        level,
        current: KYC_LIMITS[level],
        table: KYC_LEVELS.map((l) => ({ level: l, ...KYC_LIMITS[l] })),
        withdrawUnit: 'BTC',
        fiatUnit: 'USDT',
      };
    });

    // Photos answer raw bytes (GET, so an <img> can show them with the Authorization header fetched by the app).
    app.get(
      '/xb/v1/kyc/photo/:fileId',
      { ...user, config: { envelope: false }, schema: { tags: ['kyc'], params: fileIdParams } },
      async (request, reply) => {
        const photo = await kyc.photo(request.params.fileId);
        if (!photo) throw notFound();
        if (photo.ownerId !== request.user!.id) throw forbidden();
        return sendPhoto(reply, photo);
      },
    );

    // ---- back office (compliance; super_admin always passes) ----

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
  },
};

function sendPhoto(reply: FastifyReply, photo: { content: Buffer; contentType: string }) {
  reply.skipEnvelope = true;
  return reply
    .header('content-type', photo.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(photo.content);
}
