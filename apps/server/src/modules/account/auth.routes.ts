import {
  DEFAULT_COUNTRY_CODE,
  LoginRequest,
  LogoutRequest,
  RegisterRequest,
  RetrieveRequest,
  type AuthResponse,
} from '@tidemark/contract';
import type { FastifyRequest } from 'fastify';
import { hashPassword, verifyPassword } from '../../platform/crypto/password.ts';
import { AppError, badRequest } from '../../platform/http/app-error.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { Api } from '../../platform/module.ts';
import { AttemptGuard } from '../../platform/security/attempt-guard.ts';
import { LoginProtection } from '../../platform/security/login-protection.ts';
import { smsTarget, type CodeAddress, type CodeTicket } from '../common/code.service.ts';
import { isUniqueViolation } from './account.service.ts';
import type { AccountRouteDeps } from './account-route-deps.ts';

/** Addresses a body by type: its login identity and where its code was sent. */
function addressOf(body: {
  type: 'email' | 'phone';
  email?: string | undefined;
  countryCode?: string | undefined;
  phone?: string | undefined;
}) {
  if (body.type === 'email')
    return {
      email: body.email!,
      phoneCountry: null,
      phone: null,
      code: { channel: 'email', target: body.email! } as const,
    };
  const cc = body.countryCode ?? DEFAULT_COUNTRY_CODE;
  return {
    email: null,
    phoneCountry: cc,
    phone: body.phone!,
    code: { channel: 'sms', target: smsTarget(cc, body.phone!) } as const,
  };
}

const meta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'], ip: request.ip });

/** Sign-up, login, logout and password recovery. */
export function registerAuthRoutes(app: Api, { ctx, accounts, codes, protection }: AccountRouteDeps): void {
  const limit = (max: number) => ({
    rateLimit: {
      max: ctx.config.rateLimitEnabled ? max * ctx.config.rateLimitFactor : 1_000_000,
      timeWindow: '1 minute',
    },
  });
  // per account+source delays and the per-account code requirement (docs/decisions/0012); never a
  // lock on the account itself, which anyone could trigger to keep the owner out
  const brakes = new LoginProtection(
    new AttemptGuard(ctx.db, ctx.clock),
    ctx.clock,
    'user',
    ctx.config.rateLimitEnabled,
  );
  // an argon2 hash to verify against when the account does not exist, so both cases take as long
  const dummyHash = hashPassword('not-a-real-password-0');

  app.post(
    '/xb/v1/auth/register',
    { schema: { tags: ['auth'], body: RegisterRequest }, config: limit(10) },
    async (request): Promise<AuthResponse> => {
      const body = request.body;
      const who = addressOf(body);
      if (who.email !== null && (await accounts.findIdByEmail(who.email)) !== null) {
        throw badRequest('ACCOUNT_EXISTS', 'account.emailTaken', undefined, 'email');
      }
      if (who.phone !== null && (await accounts.findIdByPhone(who.phoneCountry!, who.phone)) !== null) {
        throw badRequest('ACCOUNT_EXISTS', 'account.phoneTaken', undefined, 'phone');
      }
      let inviterId: number | null = null;
      if (body.inviteCode) {
        const inviter = await accounts.findByInviteCode(body.inviteCode);
        if (!inviter) throw badRequest('INVITE_CODE_UNKNOWN', 'account.inviteCodeUnknown', undefined, 'inviteCode');
        inviterId = inviter.id;
      }
      const ticket = await codes.verify({ ...who.code, purpose: 'register', code: body.code, source: request.ip });
      try {
        return await ctx.db.transaction(async (tx) => {
          await codes.markUsed(ticket, tx);
          const row = await accounts.create(
            { email: who.email, phoneCountry: who.phoneCountry, phone: who.phone, password: body.password, inviterId },
            tx,
          );
          // the sign-up's own device is known from the start: no "new device" mail for it
          await protection.noteDevice(row, meta(request), request.locale, { quiet: true, db: tx });
          const { token } = await ctx.sessions.create('user', row.id, meta(request), tx);
          return { token, user: accounts.profile(row) };
        });
      } catch (err) {
        // two sign-ups for the same address at once: the unique index decides
        if (isUniqueViolation(err)) {
          throw who.email !== null
            ? badRequest('ACCOUNT_EXISTS', 'account.emailTaken', undefined, 'email')
            : badRequest('ACCOUNT_EXISTS', 'account.phoneTaken', undefined, 'phone');
        }
        throw err;
      }
    },
  );

  app.post(
    '/xb/v1/auth/login',
    { schema: { tags: ['auth'], body: LoginRequest }, config: limit(20) },
    async (request): Promise<AuthResponse> => {
      const body = request.body;
      const isEmail = body.account.includes('@');
      const account = isEmail ? body.account.toLowerCase() : body.account.replace(/[\s-]/g, '');
      const cc = body.countryCode ?? DEFAULT_COUNTRY_CODE;
      const key = isEmail ? `e:${account}` : `p:${cc}-${account}`;
      await brakes.checkDelay(key, request.ip);
      // The code is checked before the password, so a guesser without the mailbox learns nothing
      // about the password; unknown accounts ask for it too, so the answer reveals no account.
      let ticket: CodeTicket | null = null;
      if (await brakes.needsCode(key)) {
        const address = isEmail
          ? ({ channel: 'email', target: account } as const)
          : ({ channel: 'sms', target: smsTarget(cc, account) } as const);
        if (!body.loginCode) {
          const channel = t(request.locale, `security.channel.${address.channel}`);
          throw badRequest('LOGIN_CODE_REQUIRED', 'security.loginCodeRequired', { channel }, 'loginCode');
        }
        ticket = await codes.verify({
          ...address,
          purpose: 'login',
          code: body.loginCode,
          field: 'loginCode',
          source: request.ip,
        });
      }
      const row = isEmail ? await accounts.rowByEmail(account) : await accounts.rowByPhone(cc, account);
      const ok = row
        ? await verifyPassword(row.passwordHash, body.password)
        : (await verifyPassword(await dummyHash, body.password)) && false;
      if (!row || !ok) {
        await brakes.failed(key, request.ip);
        throw badRequest('BAD_CREDENTIALS', 'account.badCredentials');
      }
      if (row.status !== 'active') throw new AppError(403, 'ACCOUNT_FROZEN', 'account.frozen');
      if (row.totpEnabled && row.totpSecret) {
        if (!body.totpCode) throw badRequest('TOTP_REQUIRED', 'account.totpRequired', undefined, 'totpCode');
        if (!(await protection.checkTotp(row.id, row.totpSecret, body.totpCode)))
          throw badRequest('TOTP_INVALID', 'account.totpInvalid', undefined, 'totpCode');
      }
      if (ticket) await codes.markUsed(ticket);
      const { token } = await ctx.sessions.create('user', row.id, meta(request));
      await brakes.succeeded(key, request.ip);
      await protection.noteDevice(row, meta(request), request.locale);
      return { token, user: accounts.profile(row) };
    },
  );

  app.post(
    '/xb/v1/auth/logout',
    { preHandler: ctx.guards.user, schema: { tags: ['auth'], body: LogoutRequest.optional() } },
    async (request) => {
      await ctx.sessions.revoke('user', request.user!.id, request.user!.sessionId);
      return { loggedOut: true };
    },
  );

  app.post(
    '/xb/v1/auth/retrieve',
    { schema: { tags: ['auth'], body: RetrieveRequest }, config: limit(10) },
    async (request) => {
      const body = request.body;
      const who = addressOf(body);
      const address: CodeAddress = { ...who.code, purpose: 'retrieve' };
      // codes for unknown addresses exist but were never delivered, so a right code means a real account
      const ticket = await codes.verify({ ...address, code: body.code, source: request.ip });
      const row =
        who.email !== null
          ? await accounts.rowByEmail(who.email)
          : await accounts.rowByPhone(who.phoneCountry!, who.phone!);
      if (!row) throw badRequest('CODE_INVALID', 'account.codeInvalid', undefined, 'code');
      const passwordHash = await hashPassword(body.password);
      await ctx.db.transaction(async (tx) => {
        await codes.markUsed(ticket, tx);
        await accounts.update(row.id, { passwordHash }, tx);
        await protection.freezeWithdrawals(row.id, 'password', tx);
      });
      await ctx.sessions.revokeAll('user', row.id);
      return { reset: true };
    },
  );
}
