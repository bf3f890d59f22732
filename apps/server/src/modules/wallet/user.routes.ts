import { asciiText, epochMsField, identifier, idField, text as textField, pageSizeField } from '@tidemark/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import { CURRENCY_CODES } from '../market/currencies.ts';
import { addAddress, deleteAddress, listAddresses } from './address-book.service.ts';
import { decimalField } from './amounts.ts';
import { moneyCommandRoutes } from './money-command-route.ts';
import { assetsOf } from './assets.service.ts';
import { applyBankWithdrawal, bankRecords } from './bank-withdraw.service.ts';
import { chainStatus } from './chain-status.ts';
import { convertRecords, execute, quote } from './convert.service.ts';
import { depositAddress, depositRecords } from './deposit.service.ts';
import { drawInfos } from './draw-infos.service.ts';
import { USER_WALLETS } from './ledger.schema.ts';
import { RECORD_TYPES, recordsOf } from './records.service.ts';
import { transfer } from './transfer.service.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { WITHDRAWAL_STATUSES } from './wallet.schema.ts';
import { applyWithdrawal, cancelWithdrawal, withdrawalRecords } from './withdraw.service.ts';

const currency = asciiText({ max: 10 }).toUpperCase().min(1);
const chain = asciiText({ max: 10 }).toUpperCase().min(1);
const wallet = z.enum(USER_WALLETS);
const paging = {
  page: z.number().int().min(1).max(100_000).default(1),
  size: pageSizeField,
};
const text = (max: number) => identifier({ max }).min(1);
/** Chain addresses are ASCII: a look-alike letter from another script or an invisible character is refused. */
const address = asciiText({ max: 128 }).min(1);
const fundPassword = textField({ trim: false, max: 64 }).min(1);
const id = idField;

/** The signed-in user's wallet calls (all POST, envelope answers). Every money command carries requestId. */
export function registerUserRoutes(app: Api, ctx: AppContext, deps: WalletDeps): void {
  const auth = { preHandler: ctx.guards.user };
  const tags = ['wallet'];
  const uid = (r: { user?: { id: number } }) => r.user!.id;
  const moneyCommand = moneyCommandRoutes(ctx, tags);

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
            from: epochMsField.optional(),
            to: epochMsField.optional(),
            ...paging,
          })
          .strict(),
      },
    },
    async (r) => recordsOf(deps, uid(r), r.body),
  );

  app.post(
    '/xb/v1/wallet/transfer',
    moneyCommand({ currency, from: wallet, to: wallet, amount: decimalField }),
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
    moneyCommandRoutes(ctx, ['convert'])({ quoteId: asciiText({ max: 64 }).pipe(z.uuid()) }),
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
    fundPassword,
    code: asciiText({ max: 10 }).min(1),
    codeChannel: z.enum(['email', 'sms']).optional(),
    totpCode: asciiText({ max: 10 }).min(1).optional(),
  };
  app.post(
    '/xb/v1/wallet/withdraw',
    moneyCommand({
      currency,
      chain,
      address,
      amount: decimalField,
      ...secrets,
    }),
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
    moneyCommand({
      cardholder: text(100),
      bankName: text(100),
      branchName: text(100),
      bankCode: text(40),
      cardNumber: asciiText({ max: 80 }).regex(/^[A-Za-z0-9]{8,34}$/, 'bank.cardNumber'),
      amount: decimalField,
      fundPassword,
    }),
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
            address,
            remark: textField({ max: 100 }).optional(),
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

  app.post('/xb/v1/wallet/chains/status', { ...auth, schema: { tags } }, async () => chainStatus(deps));

  app.post('/xb/v1/wallet/currencies', { schema: { tags } }, async () => ({ currencies: CURRENCY_CODES }));
}
