import { KYC_LEVELS, KYC_LIMITS, kycAdvancedSubmitBody, kycBasicSubmitBody } from '@tidemark/contract/kyc';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import type { KycService } from './kyc.service.ts';
import { fileIdParams, sendPhoto } from './photo-reply.ts';

/** The app's calls: the user's status, the two submissions, the limits table and their own photos. */
export function registerKycRoutes(app: Api, ctx: AppContext, kyc: KycService): void {
  const user = { preHandler: ctx.guards.user };

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
}
