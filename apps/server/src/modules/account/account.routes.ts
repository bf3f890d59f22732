import {
  BindEmailRequest,
  BindPhoneRequest,
  ChangeEmailRequest,
  ChangeFundPasswordRequest,
  ChangePasswordRequest,
  SessionListRequest,
  SessionRevokeRequest,
  SetFundPasswordRequest,
  TotpCodeRequest,
  TotpSetupRequest,
  type SecurityOverview,
  type SessionInfo,
  type TotpSetupResponse,
  type UserProfile,
} from '@tidemark/contract';
import QRCode from 'qrcode';
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../platform/crypto/password.ts';
import { newTotpSecret, totpUri } from '../../platform/crypto/totp.ts';
import { AppError, badRequest, notFound } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import { smsTarget, type CodeService } from '../common/code.service.ts';
import { isUniqueViolation, type AccountService } from './account.service.ts';
import type { AccountRouteDeps } from './account-route-deps.ts';

const alreadyDone = (messageKey: string) => new AppError(409, 'CONFLICT', messageKey);

/** The signed-in user's account centre: profile, passwords, bound e-mail/phone, TOTP and devices. */
export function registerAccountRoutes(app: Api, { ctx, accounts, codes, protection }: AccountRouteDeps): void {
  const signedIn = { preHandler: ctx.guards.user };
  const me = (userId: number) => accounts.signedInRow(userId);

  app.post(
    '/xb/v1/account/info',
    { ...signedIn, schema: { tags: ['account'], body: z.object({}).optional() } },
    async (request): Promise<UserProfile> => {
      return accounts.profile(await me(request.user!.id));
    },
  );

  app.post(
    '/xb/v1/account/security',
    { ...signedIn, schema: { tags: ['account'], body: z.object({}).optional() } },
    async (request): Promise<SecurityOverview> => {
      const row = await me(request.user!.id);
      return {
        emailBound: row.email !== null,
        email: row.email,
        phoneBound: row.phone !== null,
        phone: row.phone,
        countryCode: row.phoneCountry,
        loginPasswordSet: true,
        fundPasswordSet: row.fundPasswordHash !== null,
        totpEnabled: row.totpEnabled,
      };
    },
  );

  // ---- passwords ----------------------------------------------------------------------------------

  app.post(
    '/xb/v1/account/password/change',
    { ...signedIn, schema: { tags: ['account'], body: ChangePasswordRequest } },
    async (request) => {
      const { oldPassword, password } = request.body;
      const row = await me(request.user!.id);
      if (!(await verifyPassword(row.passwordHash, oldPassword)))
        throw badRequest('PASSWORD_WRONG', 'account.oldPasswordWrong', undefined, 'oldPassword');
      const passwordHash = await hashPassword(password);
      await ctx.db.transaction(async (tx) => {
        await accounts.update(row.id, { passwordHash }, tx);
        await protection.freezeWithdrawals(row.id, 'password', tx);
      });
      // everyone else who knew the old password is signed out; this device stays in
      await ctx.sessions.revokeAll('user', row.id, request.user!.sessionId);
      return { changed: true };
    },
  );

  app.post(
    '/xb/v1/account/fund-password/set',
    { ...signedIn, schema: { tags: ['account'], body: SetFundPasswordRequest } },
    async (request) => {
      const { fundPassword, loginPassword } = request.body;
      const row = await me(request.user!.id);
      if (row.fundPasswordHash !== null) throw alreadyDone('account.fundPasswordAlreadySet');
      if (!(await verifyPassword(row.passwordHash, loginPassword)))
        throw badRequest('PASSWORD_WRONG', 'account.oldPasswordWrong', undefined, 'loginPassword');
      if (fundPassword === loginPassword)
        throw badRequest('VALIDATION', 'account.fundPasswordSameAsLogin', undefined, 'fundPassword');
      await accounts.update(row.id, { fundPasswordHash: await hashPassword(fundPassword) });
      return { set: true };
    },
  );

  app.post(
    '/xb/v1/account/fund-password/change',
    { ...signedIn, schema: { tags: ['account'], body: ChangeFundPasswordRequest } },
    async (request) => {
      const { oldFundPassword, fundPassword } = request.body;
      const row = await me(request.user!.id);
      if (row.fundPasswordHash === null) throw badRequest('FUND_PASSWORD_NOT_SET', 'account.fundPasswordNotSet');
      if (!(await protection.checkFundPassword(row.id, row.fundPasswordHash, oldFundPassword, 'oldFundPassword'))) {
        throw badRequest('FUND_PASSWORD_WRONG', 'account.fundPasswordWrong', undefined, 'oldFundPassword');
      }
      if (await verifyPassword(row.passwordHash, fundPassword))
        throw badRequest('VALIDATION', 'account.fundPasswordSameAsLogin', undefined, 'fundPassword');
      const fundPasswordHash = await hashPassword(fundPassword);
      // setting it the first time (fund-password/set) is not a change and freezes nothing
      await ctx.db.transaction(async (tx) => {
        await accounts.update(row.id, { fundPasswordHash }, tx);
        await protection.freezeWithdrawals(row.id, 'fund_password', tx);
      });
      return { changed: true };
    },
  );

  // ---- e-mail and phone ------------------------------------------------------------------------------

  const taken = (field: 'email' | 'phone') =>
    badRequest('ACCOUNT_EXISTS', field === 'email' ? 'account.emailTaken' : 'account.phoneTaken', undefined, field);
  /** Spends the verified codes and applies the change in one transaction; a race on the unique index becomes "taken". */
  const applyWithCodes = async (
    tickets: Awaited<ReturnType<CodeService['verify']>>[],
    userId: number,
    values: Parameters<AccountService['update']>[1],
    field: 'email' | 'phone',
    /** A change of an address already bound freezes withdrawals; a first binding does not. */
    change: 'email' | 'phone' | null,
  ) => {
    try {
      await ctx.db.transaction(async (tx) => {
        for (const ticket of tickets) await codes.markUsed(ticket, tx);
        await accounts.update(userId, values, tx);
        if (change) await protection.freezeWithdrawals(userId, change, tx);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw taken(field);
      throw err;
    }
  };

  app.post(
    '/xb/v1/account/phone/bind',
    { ...signedIn, schema: { tags: ['account'], body: BindPhoneRequest } },
    async (request) => {
      const { countryCode, phone, code } = request.body;
      const row = await me(request.user!.id);
      if (row.phone !== null) throw alreadyDone('account.phoneAlreadyBound');
      if ((await accounts.findIdByPhone(countryCode, phone)) !== null) throw taken('phone');
      const ticket = await codes.verify({
        channel: 'sms',
        target: smsTarget(countryCode, phone),
        purpose: 'bind',
        code,
      });
      await applyWithCodes([ticket], row.id, { phoneCountry: countryCode, phone }, 'phone', null);
      return { bound: true };
    },
  );

  app.post(
    '/xb/v1/account/email/bind',
    { ...signedIn, schema: { tags: ['account'], body: BindEmailRequest } },
    async (request) => {
      const { email, code } = request.body;
      const row = await me(request.user!.id);
      if (row.email !== null) throw alreadyDone('account.emailAlreadyBound');
      if ((await accounts.findIdByEmail(email)) !== null) throw taken('email');
      const ticket = await codes.verify({ channel: 'email', target: email, purpose: 'bind', code });
      await applyWithCodes([ticket], row.id, { email }, 'email', null);
      return { bound: true };
    },
  );

  app.post(
    '/xb/v1/account/email/change',
    { ...signedIn, schema: { tags: ['account'], body: ChangeEmailRequest } },
    async (request) => {
      const { oldCode, email, newCode } = request.body;
      const row = await me(request.user!.id);
      if (row.email === null) throw badRequest('EMAIL_NOT_BOUND', 'account.emailNotBound', undefined, 'email');
      if (row.email === email) throw badRequest('VALIDATION', 'account.emailSame', undefined, 'email');
      if ((await accounts.findIdByEmail(email)) !== null) throw taken('email');
      const oldTicket = await codes.verify({
        channel: 'email',
        target: row.email,
        purpose: 'change_email',
        code: oldCode,
        field: 'oldCode',
      });
      const newTicket = await codes.verify({
        channel: 'email',
        target: email,
        purpose: 'change_email',
        code: newCode,
        field: 'newCode',
      });
      await applyWithCodes([oldTicket, newTicket], row.id, { email }, 'email', 'email');
      return { changed: true };
    },
  );

  // ---- TOTP ------------------------------------------------------------------------------------------

  app.post(
    '/xb/v1/account/totp/setup',
    { ...signedIn, schema: { tags: ['account'], body: TotpSetupRequest.optional() } },
    async (request): Promise<TotpSetupResponse> => {
      const row = await me(request.user!.id);
      if (row.totpEnabled) throw alreadyDone('account.totpAlreadyEnabled');
      const secret = newTotpSecret();
      const otpauthUrl = totpUri(secret, row.email ?? `+${row.phoneCountry}${row.phone}`);
      await accounts.update(row.id, { totpPendingSecret: secret });
      return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
    },
  );

  app.post(
    '/xb/v1/account/totp/enable',
    { ...signedIn, schema: { tags: ['account'], body: TotpCodeRequest } },
    async (request) => {
      const row = await me(request.user!.id);
      if (row.totpEnabled) throw alreadyDone('account.totpAlreadyEnabled');
      if (!row.totpPendingSecret) throw badRequest('TOTP_NOT_SET_UP', 'account.totpNotSetUp');
      if (!(await protection.checkTotp(row.id, row.totpPendingSecret, request.body.code, 'code')))
        throw badRequest('TOTP_INVALID', 'account.totpInvalid', undefined, 'code');
      // turning 2FA on adds protection: not a change that freezes withdrawals
      await accounts.update(row.id, { totpSecret: row.totpPendingSecret, totpEnabled: true, totpPendingSecret: null });
      return { enabled: true };
    },
  );

  app.post(
    '/xb/v1/account/totp/disable',
    { ...signedIn, schema: { tags: ['account'], body: TotpCodeRequest } },
    async (request) => {
      const row = await me(request.user!.id);
      if (!row.totpEnabled || !row.totpSecret) throw badRequest('TOTP_NOT_ENABLED', 'account.totpNotEnabled');
      if (!(await protection.checkTotp(row.id, row.totpSecret, request.body.code, 'code')))
        throw badRequest('TOTP_INVALID', 'account.totpInvalid', undefined, 'code');
      await ctx.db.transaction(async (tx) => {
        await accounts.update(row.id, { totpSecret: null, totpEnabled: false, totpPendingSecret: null }, tx);
        await protection.freezeWithdrawals(row.id, 'totp', tx);
      });
      return { enabled: false };
    },
  );

  // ---- devices ---------------------------------------------------------------------------------------

  app.post(
    '/xb/v1/account/sessions/list',
    { ...signedIn, schema: { tags: ['account'], body: SessionListRequest.optional() } },
    async (request): Promise<SessionInfo[]> => {
      const list = await ctx.sessions.listActive('user', request.user!.id);
      return list.map((s) => ({
        id: s.id,
        userAgent: s.userAgent,
        ip: s.ip,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.id === request.user!.sessionId,
      }));
    },
  );

  app.post(
    '/xb/v1/account/sessions/revoke',
    { ...signedIn, schema: { tags: ['account'], body: SessionRevokeRequest } },
    async (request) => {
      const done = await ctx.sessions.revoke('user', request.user!.id, request.body.id);
      if (!done) throw notFound('account.sessionNotFound');
      return { revoked: true, current: request.body.id === request.user!.sessionId };
    },
  );
}
