import { custodyCheck } from './custody-check.ts';
import { chainStatus } from './chain-status.ts';
import { speedUpWithdrawal, sweepNetwork, withNetworkFees } from './chain-operations.ts';
import { asciiText, identifier, idField, pageField, text } from '@tidemark/contract';
import { z } from 'zod';
import { service, type AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import { userIdByIdOrEmail } from '../account/user-lookup.ts';
import { assetsOf } from './assets.service.ts';
import { drawInfos } from './draw-infos.service.ts';
import { RECORD_TYPES, recordsOf } from './records.service.ts';
import { decideAdjustment, listAdjustments, proposeAdjustment } from './adjustment.service.ts';
import { decimalField, show } from './amounts.ts';
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
import type { OperatorAct } from './operator-act.ts';
import { DEPOSIT_STATUSES, BANK_STATUSES, WITHDRAWAL_STATUSES } from './wallet.schema.ts';
import {
  approveWithdrawal,
  assertSimulatedWithdrawal,
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
  const found = await userIdByIdOrEmail(ctx.db, user);
  if (found === null) throw badRequest('NOT_FOUND', 'deposit.userNotFound', undefined, 'user');
  return found;
}

/**
 * The back office's wallet calls: role-protected, each action audited in its own transaction.
 * Four eyes (adjustment.service.ts): adjustments, simulated deposits above
 * SIMULATED_DEPOSIT_FOUR_EYES_ABOVE and the failure (full refund) of a sent withdrawal are proposed
 * by one operator and carried out when a different one approves them (/admin/wallet/adjustments/approve).
 */
export function registerAdminRoutes(app: Api, ctx: AppContext, deps: WalletDeps): void {
  const audit = () => service(ctx, 'audit');
  const executors = () => ({
    simulated_deposit: simulatedDepositExecutor(deps, audit()),
    withdrawal_fail: withdrawalFailExecutor(deps, audit()),
  });
  const finance = { preHandler: ctx.guards.operator('finance') };
  const viewers = { preHandler: ctx.guards.operator('finance', 'support', 'compliance') };
  const tags = ['admin'];
  const op = (r: { operator?: { id: number }; ip: string }) => ({ operatorId: r.operator!.id, ip: r.ip });

  app.post('/admin/wallet/chains/status', { ...viewers, schema: { tags } }, async () => chainStatus(deps));
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
    async (r) => {
      const page = await withdrawalRecords(deps, null, r.body);
      // a pending one shows what its network charges in gas now, next to the fee the user pays
      return { ...page, items: await withNetworkFees(deps, page.items) };
    },
  );
  // what a reviewer weighs a withdrawal against: the user's limits, balances and recent history
  app.post(
    '/admin/wallet/user-summary',
    { ...viewers, schema: { tags, body: z.object({ userId: id }).strict() } },
    async (r) => {
      const userId = await resolveUser(ctx, r.body.userId);
      return {
        userId,
        limits: await drawInfos(deps, userId),
        withdrawals: await withdrawalRecords(deps, userId, { page: 1, size: 20 }),
        deposits: await depositRecords(deps, userId, { page: 1, size: 20 }),
      };
    },
  );
  // the user page: balances per wallet and the ledger history, as the user sees them
  app.post(
    '/admin/wallet/user-assets',
    { ...viewers, schema: { tags, body: z.object({ userId: id }).strict() } },
    async (r) => assetsOf(deps, await resolveUser(ctx, r.body.userId)),
  );
  app.post(
    '/admin/wallet/user-records',
    {
      ...viewers,
      schema: { tags, body: z.object({ userId: id, type: z.enum(RECORD_TYPES).optional(), ...paging }).strict() },
    },
    async (r) => recordsOf(deps, await resolveUser(ctx, r.body.userId), r.body),
  );
  // the finance operator's decisions on one withdrawal, bank withdrawal or adjustment, by id
  const decisions: Array<[string, (act: OperatorAct, id: number) => Promise<unknown>]> = [
    ['/admin/wallet/withdrawals/approve', (act, id) => approveWithdrawal(deps, audit(), act, id)],
    ['/admin/wallet/withdrawals/speed-up', (act, id) => speedUpWithdrawal(deps, audit(), act, id)],
    ['/admin/wallet/bank-withdrawals/paid', (act, id) => markBankPaid(deps, audit(), act, id)],
    ['/admin/wallet/adjustments/approve', (act, id) => decideAdjustment(deps, audit(), act, id, true, executors())],
    ['/admin/wallet/adjustments/reject', (act, id) => decideAdjustment(deps, audit(), act, id, false, executors())],
  ];
  for (const [path, decide] of decisions) {
    app.post(path, { ...finance, schema: { tags, body: z.object({ id }).strict() } }, async (r) =>
      decide(op(r), r.body.id),
    );
  }
  // and the refusals, which say why
  const refusals: Array<[string, (act: OperatorAct, id: number, reason: string) => Promise<unknown>]> = [
    ['/admin/wallet/withdrawals/reject', (act, id, why) => rejectWithdrawal(deps, audit(), act, id, why)],
    ['/admin/wallet/bank-withdrawals/reject', (act, id, why) => rejectBank(deps, audit(), act, id, why)],
  ];
  for (const [path, refuse] of refusals) {
    const body = z.object({ id, reason }).strict();
    app.post(path, { ...finance, schema: { tags, body } }, async (r) => refuse(op(r), r.body.id, r.body.reason));
  }
  app.post(
    '/admin/wallet/chains/sweep',
    {
      ...finance,
      schema: {
        tags,
        body: z.object({ network: asciiText({ max: 10 }).toUpperCase().min(1), currency }).strict(),
      },
    },
    async (r) => sweepNetwork(deps, audit(), op(r), r.body.network, r.body.currency),
  );
  app.post(
    '/admin/wallet/bank-withdrawals',
    { ...viewers, schema: { tags, body: z.object({ status: z.enum(BANK_STATUSES).optional(), ...paging }).strict() } },
    async (r) => bankRecords(deps, null, r.body),
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
  app.post('/admin/wallet/adjustments', { ...finance, schema: { tags, body: z.object(paging).strict() } }, async (r) =>
    listAdjustments(deps, r.body.page, r.body.size),
  );

  // the dashboard's money figures: the insurance fund, the cycle pool and fee income per day
  app.post(
    '/admin/wallet/overview',
    {
      ...finance,
      schema: {
        tags,
        body: z
          .object({ days: z.number().int().min(1).max(90).default(14) })
          .strict()
          .default({ days: 14 }),
      },
    },
    async (r) => {
      const since = Date.UTC(...utcDay(ctx.clock.now())) - (r.body.days - 1) * 86_400_000;
      const balances = async (system: string) =>
        (await deps.ledger.systemBalances(system)).map((b) => ({
          currency: b.currency,
          balance: show(b.available, b.currency),
        }));
      return {
        insuranceFund: await balances('insurance_fund'),
        cyclePool: await balances('cycle_pool'),
        feesPerDay: (await deps.ledger.systemDailyNet('fees', since)).map((f) => ({
          day: f.day,
          currency: f.currency,
          amount: show(f.amount, f.currency),
        })),
      };
    },
  );

  app.post('/admin/wallet/ledger-check', { ...finance, schema: { tags } }, async () => {
    const check = await ledgerCheck(ctx.db);
    // custody: what the real chains hold against what the users are owed, per currency
    const custody = await custodyCheck(deps);
    const problems = [...check.problems, ...custody.problems];
    return { ...check, ok: problems.length === 0, problems, custody: custody.lines };
  });

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
      // on a real network the watcher settles a withdrawal from its receipt: an operator's word could
      // complete one that never left, or refund one that is still mined later
      await assertSimulatedWithdrawal(deps, withdrawalId!);
      // a failure refunds the whole amount: proposed here, carried out when a second operator approves
      return failed
        ? proposeWithdrawalFail(deps, audit(), op(r), withdrawalId!)
        : confirmWithdrawal(deps, audit(), r.operator!.id, withdrawalId!, r.ip);
    },
  );
}

/** The start of an epoch-millisecond time's UTC day, as Date.UTC arguments. */
function utcDay(ms: number): [number, number, number] {
  const d = new Date(ms);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}
