import { z } from 'zod';
import type { AppContext } from '../platform/context.ts';
import { optionsParser, type ControlCommand } from '../platform/control/command.ts';
import { AuditService } from '../modules/operator/audit.service.ts';
import type { PriceService } from '../modules/market/price.service.ts';
import { resolveUser } from '../modules/wallet/admin.routes.ts';
import { ChainRouter } from '../modules/wallet/chain-adapter.ts';
import { confirmDeposit, simulateDeposit } from '../modules/wallet/deposit.service.ts';
import { LedgerService } from '../modules/wallet/ledger.service.ts';
import { loadWalletConfig } from '../modules/wallet/wallet.config.ts';
import '../modules/wallet/wallet.module.ts'; // registers the wallet's messages for readable errors

const confirmations = z.number().int().min(0).max(1000);
const args = z.union([
  z.object({ deposit: z.number().int().min(1), confirmations: confirmations.optional() }).strict(),
  z
    .object({
      user: z.string().min(1).max(200),
      currency: z.string().min(1).max(20),
      chain: z.string().min(1).max(20),
      amount: z.string().min(1).max(60),
      confirmations: confirmations.optional(),
      tx: z.string().min(1).max(200).optional(),
    })
    .strict(),
]);
type Args = z.infer<typeof args>;

/**
 * chain:deposit — the simulated chain from the command line (the same service as
 * POST /admin/chain/deposit): a deposit is credited at 1 confirmation and withdrawable at 3. Audited
 * with operator_id null (nobody signed in).
 */
export const chainDepositCommand: ControlCommand<Args> = {
  name: 'chain:deposit',
  usage:
    'usage: npm run chain:deposit -- --user <id|email> --currency USDT --chain TRC20 --amount 1000 [--confirmations 3] | --deposit <id> --confirmations <n>',
  readOnly: false,
  args,
  parse: optionsParser(
    args,
    { user: null, currency: null, chain: null, amount: null, confirmations: null, deposit: null, tx: null },
    (values) => {
      const n = (v: string | undefined) => (v === undefined ? undefined : Number(v));
      const candidate = values.deposit
        ? { deposit: n(values.deposit), confirmations: n(values.confirmations) }
        : { ...values, confirmations: n(values.confirmations) };
      return JSON.parse(JSON.stringify(candidate));
    },
  ),
  async run(ctx, a) {
    // in the server: its own ledger and audit services; on the command line: fresh ones on the same database
    const ledger = ctx.services.ledger ?? new LedgerService(ctx.db, ctx.clock);
    const audit = ctx.services.audit ?? new AuditService(ctx.db);
    const appCtx = ctx as unknown as AppContext;
    // a development tool of the machine's owner: never in production, and only on networks the simulated
    // chain serves (the running server's chain configuration decides; standalone, none is configured)
    if (appCtx.config?.env === 'production') {
      return { stdout: [], stderr: ['chain:deposit is a development tool; it is refused in production'], exitCode: 1 };
    }
    const chains = new ChainRouter(() => ctx.services.chain);
    // deposits never need a price
    const deps = { ctx: appCtx, ledger, prices: null as unknown as PriceService, config: loadWalletConfig(), chains };
    const result =
      'deposit' in a
        ? await confirmDeposit(deps, audit, null, a.deposit, a.confirmations ?? 3)
        : await simulateDeposit(deps, audit, null, {
            userId: await resolveUser(appCtx, a.user),
            currency: a.currency.toUpperCase(),
            chain: a.chain.toUpperCase(),
            amount: a.amount,
            confirmations: a.confirmations ?? 1,
            txHash: a.tx,
          });
    return { stdout: JSON.stringify(result, null, 2).split('\n'), stderr: [], exitCode: 0 };
  },
};
