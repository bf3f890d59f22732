import {
  asciiText,
  type CodePurpose,
  DEFAULT_COUNTRY_CODE,
  type SendCodeResponse,
  SendEmailCodeRequest,
  SendSmsCodeRequest,
  TempTokenRequest,
  type UploadResponse,
} from '@tidemark/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { service, type AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import { tokenFromHeader } from '../../platform/session/session-store.ts';
import { smsTarget, type CodeChannel, type CodeService } from './code.service.ts';
import type { TempTokenService } from './temp-token.service.ts';
import type { UploadService } from './upload.service.ts';

/** The calls several screens share: the temp token, sending a one-time code by e-mail or SMS, uploads. */
export function registerCommonRoutes(
  app: Api,
  ctx: AppContext,
  { tempTokens, codes, uploads }: { tempTokens: TempTokenService; codes: CodeService; uploads: UploadService },
): void {
  const accounts = () => service(ctx, 'account');
  const limit = (max: number) => ({
    rateLimit: {
      max: ctx.config.rateLimitEnabled ? max * ctx.config.rateLimitFactor : 1_000_000,
      timeWindow: '1 minute',
    },
  });

  app.post(
    '/xb/v1/common/temp/token',
    { schema: { tags: ['common'], body: TempTokenRequest.optional() }, config: limit(30) },
    async () => tempTokens.issue(),
  );

  /** The signed-in user when the call carries a valid token; the code purposes that need one call this. */
  const caller = async (request: FastifyRequest): Promise<number> => {
    const token = tokenFromHeader(request.headers.authorization);
    const session = token ? await ctx.sessions.resolve(token, 'user') : null;
    if (!session) throw unauthorized();
    return session.principalId;
  };

  /**
   * The purpose rules shared by e-mail and SMS. `given` is the address in the body (canonical
   * target), or null when the body named none.
   * - register: the address must be free (sign-up itself reveals that an address is taken).
   * - retrieve: answered the same whether or not an account has the address; only a real one
   *   receives a code, so recovery cannot be used to find out who is registered.
   * - bind: signed in; the address must be free.
   * - change_email: signed in; without an address the code goes to the bound e-mail (old), with
   *   one to that new, free address.
   * - withdraw: signed in; always the bound address, whatever the body says.
   * - login: the extra code a sign-in needs after repeated failures; answered like retrieve.
   */
  const send = async (
    request: FastifyRequest,
    channel: CodeChannel,
    purpose: CodePurpose,
    given: string | null,
  ): Promise<SendCodeResponse> => {
    const emptyError =
      channel === 'email'
        ? badRequest('VALIDATION', 'account.emailEmpty', undefined, 'email')
        : badRequest('VALIDATION', 'account.phoneEmpty', undefined, 'phone');
    const takenError =
      channel === 'email'
        ? badRequest('ACCOUNT_EXISTS', 'account.emailTaken', undefined, 'email')
        : badRequest('ACCOUNT_EXISTS', 'account.phoneTaken', undefined, 'phone');
    const isTaken = async (target: string) => {
      if (channel === 'email') return (await accounts().findIdByEmail(target)) !== null;
      const [cc, phone] = target.split('-') as [string, string];
      return (await accounts().findIdByPhone(cc, phone)) !== null;
    };
    const open = async (target: string, deliver = true) => ({
      sentTo: channel === 'email' ? target : `+${target.replace('-', ' ')}`,
      ...(await codes.issue({ channel, target, purpose }, request.locale, { deliver })),
    });
    switch (purpose) {
      case 'register': {
        if (!given) throw emptyError;
        if (await isTaken(given)) throw takenError;
        return open(given);
      }
      case 'retrieve': {
        if (!given) throw emptyError;
        return open(given, await isTaken(given));
      }
      case 'bind': {
        await caller(request);
        if (!given) throw emptyError;
        if (await isTaken(given)) throw takenError;
        return open(given);
      }
      case 'change_email': {
        const userId = await caller(request);
        if (channel !== 'email') throw badRequest('VALIDATION', 'common.purposeChannel', undefined, 'purpose');
        if (!given) return codes.sendToUser(userId, channel, purpose, request.locale);
        await codes.boundTarget(userId, 'email'); // changing needs an e-mail to change from
        if (await isTaken(given)) throw takenError;
        return open(given);
      }
      case 'withdraw': {
        const userId = await caller(request);
        return codes.sendToUser(userId, channel, purpose, request.locale);
      }
      case 'login': {
        // like recovery: the same answer for any address, only a real account receives the code
        if (!given) throw emptyError;
        return open(given, await isTaken(given));
      }
    }
  };

  app.post(
    '/xb/v1/common/send/email',
    { schema: { tags: ['common'], body: SendEmailCodeRequest }, config: limit(10) },
    async (request) => {
      const body = request.body;
      await tempTokens.check(body.tempToken);
      return send(request, 'email', body.purpose, body.email ?? null);
    },
  );

  app.post(
    '/xb/v1/common/send/sms',
    { schema: { tags: ['common'], body: SendSmsCodeRequest }, config: limit(10) },
    async (request) => {
      const body = request.body;
      await tempTokens.check(body.tempToken);
      const given = body.phone ? smsTarget(body.countryCode ?? DEFAULT_COUNTRY_CODE, body.phone) : null;
      return send(request, 'sms', body.purpose, given);
    },
  );

  app.register(async (scope) => registerUploadRoutes(scope as unknown as Api, ctx, uploads, limit(30)));
}

function registerUploadRoutes(app: Api, ctx: AppContext, uploadService: UploadService, config: object): void {
  // multipart only in this scope: every other call stays JSON
  app.register(fastifyMultipart, { limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 5 } });

  app.post(
    '/xb/v1/common/upload',
    { preHandler: ctx.guards.user, schema: { tags: ['common'], consumes: ['multipart/form-data'] }, config },
    async (request): Promise<UploadResponse> => {
      if (!request.isMultipart()) throw badRequest('VALIDATION', 'common.uploadMissing', undefined, 'file');
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw badRequest('VALIDATION', 'common.uploadMissing', undefined, 'file');
      const content = await file.toBuffer(); // throws the 413 error past uploadMaxBytes
      const stored = await uploadService.save(request.user!.id, content);
      return { fileId: stored.fileId, url: `/api/xb/v1/common/file/${stored.fileId}` };
    },
  );

  app.get(
    '/xb/v1/common/file/:fileId',
    {
      preHandler: ctx.guards.user,
      schema: { tags: ['common'], params: z.object({ fileId: asciiText({ max: 100 }) }) },
      config: { envelope: false },
    },
    async (request, reply) => {
      const { fileId } = request.params;
      const owner = await uploadService.ownerOf(fileId);
      if (owner === null) throw notFound('common.fileNotFound');
      if (owner !== request.user!.id) throw forbidden();
      const file = await uploadService.read(fileId);
      if (!file) throw notFound('common.fileNotFound');
      return reply
        .type(file.mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );
}
