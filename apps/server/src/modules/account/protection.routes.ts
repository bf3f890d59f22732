import { AntiPhishingSetRequest, maskAntiPhishingCode, type AntiPhishingView } from '@tidemark/contract';
import { z } from 'zod';
import { verifyPassword } from '../../platform/crypto/password.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import type { AccountRouteDeps } from './account-route-deps.ts';

/** The security centre's anti-phishing code: shown masked, set with the login password. */
export function registerProtectionRoutes(app: Api, { ctx, accounts, protection }: AccountRouteDeps): void {
  const signedIn = { preHandler: ctx.guards.user };
  const me = (userId: number) => accounts.signedInRow(userId);

  app.post(
    '/xb/v1/account/anti-phishing/info',
    { ...signedIn, schema: { tags: ['account'], body: z.object({}).optional() } },
    async (request): Promise<AntiPhishingView> => {
      const row = await me(request.user!.id);
      const code = row.antiPhishingCode;
      return { set: code !== null, masked: code ? maskAntiPhishingCode(code) : null };
    },
  );

  app.post(
    '/xb/v1/account/anti-phishing/set',
    { ...signedIn, schema: { tags: ['account'], body: AntiPhishingSetRequest } },
    async (request): Promise<AntiPhishingView> => {
      const row = await me(request.user!.id);
      if (!(await verifyPassword(row.passwordHash, request.body.password)))
        throw badRequest('PASSWORD_WRONG', 'account.oldPasswordWrong', undefined, 'password');
      await protection.setAntiPhishingCode(row.id, request.body.code);
      return { set: true, masked: maskAntiPhishingCode(request.body.code) };
    },
  );
}
