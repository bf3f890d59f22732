import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import type { PriceService } from '../market/price.service.ts';
import { registerAdminRoutes } from './admin.routes.ts';
import { ChainRouter, type ChainConfiguration } from './chain-adapter.ts';
import { LedgerService } from './ledger.service.ts';
import { registerDemoFundsRoutes } from './demo-funds.routes.ts';
import { registerUserRoutes } from './user.routes.ts';
import { loadWalletConfig } from './wallet.config.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { walletMessages } from './wallet.messages.ts';

registerMessages(walletMessages);

/**
 * The money core: the ledger (published as `ctx.services.ledger`), assets, records, transfers,
 * convert, deposits, withdrawals, bank withdrawals, the address book and the operator's tools.
 * Needs the market module's `prices` service (registered above it).
 */
export const walletModule: Module = {
  name: 'wallet',
  register(app, ctx) {
    const ledger = new LedgerService(ctx.db, ctx.clock);
    ctx.services.ledger = ledger;
    const chains = new ChainRouter(() => ctx.services.chain as ChainConfiguration);
    const deps: WalletDeps = {
      ctx,
      ledger,
      prices: ctx.services.prices as PriceService,
      config: loadWalletConfig(),
      chains,
    };
    registerUserRoutes(app, ctx, deps);
    registerAdminRoutes(app, ctx, deps);
    registerDemoFundsRoutes(app, ctx, deps, (network) => chains.isSimulated(network));
  },
};
