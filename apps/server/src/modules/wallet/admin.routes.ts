import { asciiText, identifier, idField, pageField, text } from '@tidemark/contract';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import { users } from '../account/user.schema.ts';
import type { AuditService } from '../operator/audit.service.ts';
import { decideAdjustment, listAdjustments, proposeAdjustment } from './adjustment.service.ts';
import { decimalField } from './amounts.ts';
import { bankRecords, markBankPaid, rejectBank } from './bank-withdraw.service.ts';
import {
  confirmDeposit,
  depositRecords,
  requestSimulatedDeposit,
  simulatedDepositExecutor,
} from './deposit.service.ts';
import { ledgerCheck } from './ledger-check.ts';
import { USER_WALLETS } from './ledger.schema.ts';
import { SYSTEM_ACCOUNTS } from './ledger.service.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { DEPOSIT_STATUSES, BANK_STATUSES, WITHDRAWAL_STATUSES } from './wallet.schema.ts';
import {
  approveWithdrawal,
  confirmWithdrawal,
  proposeWithdrawalFail,
  rejectWithdrawal,
  withdrawalFailExecutor,
  withdrawalRecords,
} from './withdraw.service.ts';

const paging = { page: pageField, size: z.number().int().min(1).max(200).default(50) };
const id = idField;
const reason = text({ max: 500, multiline: true }).min(1);
const currency = asciiText({ max: 10 }).toUpperCase().min(1);

/** A user given by id or e-mail (the CLI and the operator tool accept both). */
export async function resolveUser(ctx: AppContext, user: number | string): Promise<number> {
  const where =
    typeof user === 'number' || /^\d+$/.test(user)
      ? eq(users.id, Number(user))
      : eq(users.email, String(user).trim().toLowerCase());
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(where).limit(1);
  if (!row) throw badRequest('NOT_FOUND', 'deposit.userNotFound', undefined, 'user');
  return row.id;
}

/**
 * The back office's wallet calls: role-protected, each action audited in its own transaction.
 * Four eyes (adjustment.service.ts): adjustments, simulated deposits above
 * SIMULATED_DEPOSIT_FOUR_EYES_ABOVE and the failure (full refund) of a sent withdrawal are proposed
 * by one operator and carried out when a different one approves them (/admin/wallet/adjustments/approve).
 */
export function registerAdminRoutes(app: Api, ctx: AppContext, deps: WalletDeps): void {
  const audit = () => ctx.services.audit as AuditService;
  const executors = () => ({
    simulated_deposit: simulatedDepositExecutor(deps, audit()),
    withdrawal_fail: withdrawalFailExecutor(deps, audit()),
  });
  const finance = { preHandler: ctx.guards.operator('finance') };
  const viewers = { preHandler: ctx.guards.operator('finance', 'support', 'compliance') };
  const tags = ['admin'];
  const op = (r: { operator?: { id: number }; ip: string }) => ({ operatorId: r.operator!.id, ip: r.ip });

  app.post(
    '/admin/wallet/deposits',
    {
      ...viewers,
      schema: { tags, body: z.object({ status: z.enum(DEPOSIT_STATUSES).optional(), ...paging }).strict() },
    },
    async (r) => depositRecords(deps, null, r.body),
  );
  app.post(
    '/admin/wallet/withdrawals',
    {
      ...viewers,
      schema: { tags, body: z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional(), ...paging }).strict() },
    },
    async (r) => withdrawalRecords(deps, null, r.body),
  );
  app.post(
    '/admin/wallet/withdrawals/approve',
    { ...finance, schema: { tags, body: z.object({ id }).strict() } },
    async (r) => approveWithdrawal(deps, audit(), op(r), r.body.id),
  );
  app.post(
    '/admin/wallet/withdrawals/reject',
    { ...finance, schema: { tags, body: z.object({ id, reason }).strict() } },
    async (r) => rejectWithdrawal(deps, audit(), op(r), r.body.id, r.body.reason),
  );
  app.post(
    '/admin/wallet/bank-withdrawals',
    { ...viewers, schema: { tags, body: z.object({ status: z.enum(BANK_STATUSES).optional(), ...paging }).strict() } },
    async (r) => bankRecords(deps, null, r.body),
  );
  app.post(
    '/admin/wallet/bank-withdrawals/paid',
    { ...finance, schema: { tags, body: z.object({ id }).strict() } },
    async (r) => markBankPaid(deps, audit(), op(r), r.body.id),
  );
  app.post(
    '/admin/wallet/bank-withdrawals/reject',
    { ...finance, schema: { tags, body: z.object({ id, reason }).strict() } },
    async (r) => rejectBank(deps, audit(), op(r), r.body.id, r.body.reason),
  );

  app.post(
    '/admin/wallet/adjustments/propose',
    {
      ...finance,
      schema: {
        tags,
        body: z
          .object({
            userId: id.optional(),
            system: z.enum(SYSTEM_ACCOUNTS).exclude(['outside_world']).optional(),
            currency,
            wallet: z.enum(USER_WALLETS).optional(),
            amount: asciiText({ max: 80 }).regex(/^-?\d+(\.\d+)?$/),
            reason,
          })
          .strict()
          .refine((b) => (b.userId === undefined) !== (b.system === undefined), {
            message: 'validation.invalid',
            path: ['userId'],
          }),
      },
    },
    async (r) => proposeAdjustment(deps, audit(), op(r), r.body),
  );
  app.post(
    '/admin/wallet/adjustments/approve',
    { ...finance, schema: { tags, body: z.object({ id }).strict() } },
    async (r) => decideAdjustment(deps, audit(), op(r), r.body.id, true, executors()),
  );
  app.post(
    '/admin/wallet/adjustments/reject',
    { ...finance, schema: { tags, body: z.object({ id }).strict() } },
    async (r) => decideAdjustment(deps, audit(), op(r), r.body.id, false, executors()),
  );
  app.post('/admin/wallet/adjustments', { ...finance, schema: { tags, body: z.object(paging).strict() } }, async (r) =>
    listAdjustments(deps, r.body.page, r.body.size),
  );

  app.post('/admin/wallet/ledger-check', { ...finance, schema: { tags } }, async () => ledgerCheck(ctx.db));

  // the simulated chain (only where it serves the network): credit a test deposit, advance confirmations,
  // settle sent withdrawals
  app.post(
    '/admin/chain/deposit',
    {
      ...finance,
      schema: {
        tags,
        body: z
          .object({
            user: z.union([id, identifier({ max: 254 }).min(1)]),
            currency,
            chain: asciiText({ max: 10 }).toUpperCase().min(1),
            amount: decimalField,
            confirmations: z.number().int().min(0).max(1000).optional(),
            txHash: asciiText({ max: 100 }).min(8).optional(),
          })
          .strict(),
      },
    },
    async (r) => {
      const userId = await resolveUser(ctx, r.body.user);
      return requestSimulatedDeposit(deps, audit(), op(r), { ...r.body, userId });
    },
  );
  app.post(
    '/admin/chain/confirm',
    {
      ...finance,
      schema: {
        tags,
        body: z
          .object({
            depositId: id.optional(),
            confirmations: z.number().int().min(0).max(1000).optional(),
            withdrawalId: id.optional(),
            failed: z.boolean().optional(),
          })
          .strict()
          .refine((b) => (b.depositId === undefined) !== (b.withdrawalId === undefined), {
            message: 'validation.invalid',
            path: ['depositId'],
          }),
      },
    },
    async (r) => {
      const { depositId, withdrawalId, confirmations, failed } = r.body;
      if (depositId !== undefined)
        return confirmDeposit(deps, audit(), r.operator!.id, depositId, confirmations ?? 3, r.ip);
      // a failure refunds the whole amount: proposed here, carried out when a second operator approves
      return failed
        ? proposeWithdrawalFail(deps, audit(), op(r), withdrawalId!)
        : confirmWithdrawal(deps, audit(), r.operator!.id, withdrawalId!, r.ip);
    },
  );
}
