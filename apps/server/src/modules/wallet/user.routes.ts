import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import { CURRENCY_CODES } from '../market/currencies.ts';
import { addAddress, deleteAddress, listAddresses } from './address-book.service.ts';
import { decimalField, requestIdField } from './amounts.ts';
import { assetsOf } from './assets.service.ts';
import { applyBankWithdrawal, bankRecords } from './bank-withdraw.service.ts';
import { convertRecords, execute, quote } from './convert.service.ts';
import { depositAddress, depositRecords } from './deposit.service.ts';
import { drawInfos } from './draw-infos.service.ts';
import { USER_WALLETS } from './ledger.schema.ts';
import { RECORD_TYPES, recordsOf } from './records.service.ts';
import { transfer } from './transfer.service.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { WITHDRAWAL_STATUSES } from './wallet.schema.ts';
import { applyWithdrawal, cancelWithdrawal, withdrawalRecords } from './withdraw.service.ts';

const currency = z.string().trim().toUpperCase().min(1).max(10);
const chain = z.string().trim().toUpperCase().min(1).max(10);
const wallet = z.enum(USER_WALLETS);
const paging = {
  page: z.number().int().min(1).max(100_000).default(1),
  size: z.number().int().min(1).max(100).default(20),
};
const text = (max: number) => z.string().trim().min(1).max(max);
const id = z.number().int().positive();

/** The signed-in user's wallet calls (all POST, envelope answers). Every money command carries requestId. */
export function registerUserRoutes(app: Api, ctx: AppContext, deps: WalletDeps): void {
  const auth = { preHandler: ctx.guards.user };
  const tags = ['wallet'];
  const uid = (r: { user?: { id: number } }) => r.user!.id;
  const moneyLimit = { rateLimit: { max: ctx.config.rateLimitEnabled ? 60 : 1_000_000, timeWindow: '1 minute' } };

  app.post('/xb/v1/wallet/assets', { ...auth, schema: { tags } }, async (r) => assetsOf(deps, uid(r)));

  app.post(
    '/xb/v1/wallet/records',
    {
      ...auth,
      schema: {
        tags,
        body: z
          .object({
            type: z.enum(RECORD_TYPES).optional(),
            currency: currency.optional(),
            from: z.number().int().min(0).optional(),
            to: z.number().int().min(0).optional(),
            ...paging,
          })
          .strict(),
      },
    },
    async (r) => recordsOf(deps, uid(r), r.body),
  );

  app.post(
    '/xb/v1/wallet/transfer',
    {
      ...auth,
      config: moneyLimit,
      schema: {
        tags,
        body: z
          .object({ requestId: requestIdField, currency, from: wallet, to: wallet, amount: decimalField })
          .strict(),
      },
    },
    async (r) => transfer(deps, uid(r), r.body),
  );

  app.post(
    '/xb/v1/convert/quote',
    {
      ...auth,
      schema: { tags: ['convert'], body: z.object({ from: currency, to: currency, amount: decimalField }).strict() },
    },
    async (r) => quote(deps, uid(r), r.body),
  );
  app.post(
    '/xb/v1/convert/execute',
    {
      ...auth,
      config: moneyLimit,
      schema: { tags: ['convert'], body: z.object({ requestId: requestIdField, quoteId: z.string().uuid() }).strict() },
    },
    async (r) => execute(deps, uid(r), r.body),
  );
  app.post(
    '/xb/v1/convert/records',
    { ...auth, schema: { tags: ['convert'], body: z.object(paging).strict() } },
    async (r) => convertRecords(deps, uid(r), r.body.page, r.body.size),
  );

  app.post(
    '/xb/v1/wallet/deposit/address',
    { ...auth, schema: { tags, body: z.object({ currency, chain }).strict() } },
    async (r) => depositAddress(deps, uid(r), r.body),
  );
  app.post('/xb/v1/wallet/deposit/records', { ...auth, schema: { tags, body: z.object(paging).strict() } }, async (r) =>
    depositRecords(deps, uid(r), r.body),
  );

  const secrets = {
    fundPassword: z.string().min(1).max(64),
    code: z.string().trim().min(1).max(10),
    codeChannel: z.enum(['email', 'sms']).optional(),
    totpCode: z.string().trim().min(1).max(10).optional(),
  };
  app.post(
    '/xb/v1/wallet/withdraw',
    {
      ...auth,
      config: moneyLimit,
      schema: {
        tags,
        body: z
          .object({
            requestId: requestIdField,
            currency,
            chain,
            address: z.string().trim().min(1).max(128),
            amount: decimalField,
            ...secrets,
          })
          .strict(),
      },
    },
    async (r) => applyWithdrawal(deps, uid(r), r.body, r.locale),
  );
  app.post(
    '/xb/v1/wallet/withdraw/records',
    {
      ...auth,
      schema: { tags, body: z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional(), ...paging }).strict() },
    },
    async (r) => withdrawalRecords(deps, uid(r), r.body),
  );
  app.post('/xb/v1/wallet/withdraw/cancel', { ...auth, schema: { tags, body: z.object({ id }).strict() } }, async (r) =>
    cancelWithdrawal(deps, uid(r), r.body.id),
  );

  app.post(
    '/xb/v1/wallet/withdraw-bank',
    {
      ...auth,
      config: moneyLimit,
      schema: {
        tags,
        body: z
          .object({
            requestId: requestIdField,
            cardholder: text(100),
            bankName: text(100),
            branchName: text(100),
            bankCode: text(40),
            cardNumber: z
              .string()
              .trim()
              .regex(/^[A-Za-z0-9]{8,34}$/, 'bank.cardNumber'),
            amount: decimalField,
            fundPassword: z.string().min(1).max(64),
          })
          .strict(),
      },
    },
    async (r) => applyBankWithdrawal(deps, uid(r), r.body, r.locale),
  );
  app.post(
    '/xb/v1/wallet/withdraw-bank/records',
    { ...auth, schema: { tags, body: z.object(paging).strict() } },
    async (r) => bankRecords(deps, uid(r), r.body),
  );

  app.post(
    '/xb/v1/wallet/address/list',
    { ...auth, schema: { tags, body: z.object({ currency: currency.optional() }).strict() } },
    async (r) => listAddresses(deps, uid(r), r.body.currency),
  );
  app.post(
    '/xb/v1/wallet/address/add',
    {
      ...auth,
      schema: {
        tags,
        body: z
          .object({
            currency,
            chain,
            address: z.string().trim().min(1).max(128),
            remark: z.string().trim().max(100).optional(),
          })
          .strict(),
      },
    },
    async (r) => addAddress(deps, uid(r), r.body),
  );
  app.post('/xb/v1/wallet/address/delete', { ...auth, schema: { tags, body: z.object({ id }).strict() } }, async (r) =>
    deleteAddress(deps, uid(r), r.body.id),
  );

  // the spec's exact path
  app.post('/xb/v1/account/currency/draw/infos', { ...auth, schema: { tags } }, async (r) => drawInfos(deps, uid(r)));

  app.post('/xb/v1/wallet/currencies', { schema: { tags } }, async () => ({ currencies: CURRENCY_CODES }));
}
