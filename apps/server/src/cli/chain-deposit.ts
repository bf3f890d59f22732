import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.ts';
import { systemClock } from '../platform/clock.ts';
import type { AppContext } from '../platform/context.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrate } from '../platform/db/migrate.ts';
import { AppError } from '../platform/http/app-error.ts';
import { t } from '../platform/i18n/messages.ts';
import { AuditService } from '../modules/operator/audit.service.ts';
import type { PriceService } from '../modules/market/price.service.ts';
import { resolveUser } from '../modules/wallet/admin.routes.ts';
import { ChainRouter } from '../modules/wallet/chain-adapter.ts';
import { confirmDeposit, simulateDeposit } from '../modules/wallet/deposit.service.ts';
import { LedgerService } from '../modules/wallet/ledger.service.ts';
import { loadWalletConfig } from '../modules/wallet/wallet.config.ts';
import '../modules/wallet/wallet.module.ts'; // registers the wallet's messages for readable errors

/**
 * The simulated chain from the command line (the same service as POST /admin/chain/deposit):
 *   npm run chain:deposit -- --user <id|email> --currency USDT --chain TRC20 --amount 1000 [--confirmations 1]
 *   npm run chain:deposit -- --deposit <id> --confirmations 3        (advance a deposit's confirmations)
 * A deposit is credited at 1 confirmation and withdrawable at 3. Audited with operator_id null
 * (nobody signed in). With the embedded database the server must be stopped (data directory lock);
 * with DATABASE_URL it runs beside a live server.
 */
const { values } = parseArgs({
  options: {
    user: { type: 'string' },
    currency: { type: 'string' },
    chain: { type: 'string' },
    amount: { type: 'string' },
    confirmations: { type: 'string' },
    deposit: { type: 'string' },
    tx: { type: 'string' },
  },
});
const usage =
  'usage: npm run chain:deposit -- --user <id|email> --currency USDT --chain TRC20 --amount 1000 [--confirmations 3] | --deposit <id> --confirmations <n>';
const confirmations = values.confirmations === undefined ? undefined : Number(values.confirmations);
if (confirmations !== undefined && (!Number.isInteger(confirmations) || confirmations < 0)) {
  console.error(usage);
  process.exit(2);
}
if (!values.deposit && !(values.user && values.currency && values.chain && values.amount)) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 }
    : { kind: 'pglite', dataDir: config.dataDir },
);
let exitCode = 0;
try {
  await migrate(database);
  const ctx = { config, database, db: database.db, clock: systemClock, services: {} } as unknown as AppContext;
  const ledger = new LedgerService(database.db, systemClock);
  // deposits never need a price; the prices service is not started here
  // the CLI is the machine owner's tool (it holds the database): never in production, never where a
  // real chain adapter serves the network (none is configured here, so every network is simulated)
  if (config.env === 'production') throw new Error('chain:deposit is a development tool; it is refused in production');
  const deps = {
    ctx,
    ledger,
    prices: null as unknown as PriceService,
    config: loadWalletConfig(),
    chains: new ChainRouter(),
  };
  const audit = new AuditService(database.db);
  const result = values.deposit
    ? await confirmDeposit(deps, audit, null, Number(values.deposit), confirmations ?? 3)
    : await simulateDeposit(deps, audit, null, {
        userId: await resolveUser(ctx, values.user!),
        currency: values.currency!.toUpperCase(),
        chain: values.chain!.toUpperCase(),
        amount: values.amount!,
        confirmations: confirmations ?? 1,
        txHash: values.tx,
      });
  console.log(JSON.stringify(result, null, 2));
} catch (err) {
  exitCode = 1;
  console.error(err instanceof AppError ? t('en_us', err.messageKey, err.params) : (err as Error).message);
} finally {
  await database.close();
}
process.exit(exitCode);
