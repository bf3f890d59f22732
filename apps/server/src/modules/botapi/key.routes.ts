import { z } from 'zod';
import { asciiText, text } from '@tidemark/contract/text';
import { service, type AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import { MAX_IPS_PER_KEY, type ApiKeyService } from './api-key.service.ts';
import { userCalls } from '../../platform/http/user-calls.ts';

const idField = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const secrets = {
  fundPassword: text({ max: 64, trim: false, message: 'validation.required' }),
  totpCode: asciiText({ max: 20 }).optional(),
};

export const CreateKeyRequest = z
  .object({
    label: text({ max: 40, message: 'botapi.labelInvalid' }).min(1, 'botapi.labelInvalid'),
    permissions: z
      .array(z.enum(['read', 'trade', 'withdraw'], 'botapi.permissionInvalid'))
      .min(1)
      .max(3)
      .refine((p) => p.includes('read'), 'botapi.permissionInvalid'),
    ipAllow: z
      .array(asciiText({ max: 45 }))
      .max(MAX_IPS_PER_KEY)
      .optional(),
    ...secrets,
  })
  .strict();
export const KeyStatusRequest = z.object({ id: idField, status: z.enum(['active', 'disabled']) }).strict();
export const DeleteKeyRequest = z.object({ id: idField, ...secrets }).strict();

/**
 * The retail app's key management. Creating and deleting a key need the fund password, and the
 * authenticator code when two-factor is on — a key that trades is as strong as a signed-in session.
 */
export function registerKeyRoutes(app: Api, ctx: AppContext, keys: ApiKeyService): void {
  const call = userCalls(app, ctx.guards.user, ['botapi']);
  const proveOwner = async (userId: number, body: { fundPassword: string; totpCode?: string | undefined }) => {
    const account = service(ctx, 'account');
    const u = await account.getUser(userId);
    if (!u?.fundPasswordSet)
      throw badRequest('FUND_PASSWORD_NOT_SET', 'account.fundPasswordNotSet', undefined, 'fundPassword');
    if (!(await account.verifyFundPassword(userId, body.fundPassword)))
      throw badRequest('FUND_PASSWORD_WRONG', 'account.fundPasswordWrong', undefined, 'fundPassword');
    if (u.totpEnabled) {
      if (!body.totpCode) throw badRequest('TOTP_REQUIRED', 'account.totpRequired', undefined, 'totpCode');
      if (!(await account.verifyTotp(userId, body.totpCode)))
        throw badRequest('TOTP_WRONG', 'account.totpInvalid', undefined, 'totpCode');
    }
  };

  call('/xb/v1/botapi/keys/create', CreateKeyRequest, async (userId, body) => {
    await proveOwner(userId, body);
    const { label, permissions, ipAllow } = body;
    return keys.create(userId, { label, permissions, ipAllow: ipAllow ?? [] });
  });
  call('/xb/v1/botapi/keys/list', z.object({}).strict().optional(), (userId) => keys.list(userId));
  call('/xb/v1/botapi/keys/status', KeyStatusRequest, (userId, body) => keys.setStatus(userId, body.id, body.status));
  call('/xb/v1/botapi/keys/delete', DeleteKeyRequest, async (userId, body) => {
    await proveOwner(userId, body);
    await keys.remove(userId, body.id);
    return { deleted: true };
  });
}
