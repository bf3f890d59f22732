import { pageField, pageSizeField } from '@tidemark/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import type { CreditService } from './credit.service.ts';
import type { ReferralService } from './referral.service.ts';

const pagingBody = z.object({ page: pageField, size: pageSizeField }).default({ page: 1, size: 20 });

/** The app's calls: the rules (public), the user's invite, team and rewards, and their credit score. */
export function registerReferralRoutes(
  app: Api,
  ctx: AppContext,
  referral: ReferralService,
  credit: CreditService,
): void {
  const user = { preHandler: ctx.guards.user };

  app.post('/xb/v1/referral/rules', { schema: { tags: ['referral'] } }, async () => referral.rules());
  app.post('/xb/v1/referral/invite', { ...user, schema: { tags: ['referral'] } }, async (request) =>
    referral.invite(request.user!.id),
  );
  app.post('/xb/v1/referral/team', { ...user, schema: { tags: ['referral'], body: pagingBody } }, async (request) =>
    referral.team(request.user!.id, request.body),
  );
  app.post('/xb/v1/referral/rewards', { ...user, schema: { tags: ['referral'], body: pagingBody } }, async (request) =>
    referral.rewards(request.user!.id, request.body),
  );

  app.post('/xb/v1/account/credit', { ...user, schema: { tags: ['account'] } }, async (request) =>
    credit.ofUser(request.user!.id),
  );
}
