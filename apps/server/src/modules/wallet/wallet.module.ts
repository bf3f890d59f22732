import { service } from '../../platform/context.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { registerAdminRoutes } from './admin.routes.ts';
import { registerLedgerExplorer } from './ledger-explorer.routes.ts';
import { loadBtcConfig } from './btc/btc-config.ts';
import { setUpBtc } from './btc/btc-setup.ts';
import { ChainRouter, type ChainAdapter, type ChainConfiguration } from './chain-adapter.ts';
import { loadEvmConfig } from './evm/evm-config.ts';
import { setUpEvm } from './evm/evm-setup.ts';
import { loadTronConfig } from './tron/tron-config.ts';
import { setUpTron } from './tron/tron-setup.ts';
import { platformHoldings, type PlatformHoldings } from './holdings.ts';
import { keyWithdrawals, type KeyWithdrawals } from './key-withdraw.ts';
import { LedgerService } from './ledger.service.ts';
import { registerDemoFundsRoutes } from './demo-funds.routes.ts';
import { registerUserRoutes } from './user.routes.ts';
import { loadWalletConfig } from './wallet.config.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { walletMessages } from './wallet.messages.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    ledger: LedgerService;
    chain: ChainConfiguration;
    /** withdrawals applied with an API key's withdraw permission (the bot API's capital calls) */
    keyWithdrawals: KeyWithdrawals;
    /** what the platform holds per currency, on the chains and (labelled demo) on the simulated chain */
    holdings: PlatformHoldings;
  }
}

registerMessages(walletMessages);

/** Each real network's watcher: one step on its own timer. */
let watchers: { network: string; step: () => Promise<unknown>; pollMs: number }[] = [];
let timers: NodeJS.Timeout[] = [];

/**
 * The money core: the ledger (published as `ctx.services.ledger`), assets, records, transfers,
 * convert, deposits, withdrawals, bank withdrawals, the address book and the operator's tools.
 * Needs the market module's `prices` service (registered above it).
 */
export const walletModule: Module = {
  name: 'wallet',
  register(app, ctx) {
    const ledger = new LedgerService(ctx.db, ctx.clock, { createAccountsOn: ctx.database.autocommit });
    ctx.services.ledger = ledger;
    watchers = [];
    if (!ctx.services.chain) {
      // each real network configured replaces the simulated chain on that network only
      const real: Record<string, ChainAdapter> = {};
      const audit = () => service(ctx, 'audit');
      const evm = loadEvmConfig();
      if (evm) {
        const setup = setUpEvm(evm, ctx.db, () => deps, audit);
        real[evm.network] = setup.chain;
        const w = setup.watcher();
        watchers.push({ network: evm.network, step: () => w.tick(), pollMs: evm.pollMs });
      }
      const add = (setup: {
        chain: ChainAdapter & { network: string };
        step: () => Promise<unknown>;
        pollMs: number;
      }) => {
        real[setup.chain.network] = setup.chain;
        watchers.push({ network: setup.chain.network, step: setup.step, pollMs: setup.pollMs });
      };
      const tron = loadTronConfig();
      if (tron) add(setUpTron(tron, ctx.db, () => deps, audit));
      const btc = loadBtcConfig();
      if (btc) add(setUpBtc(btc, ctx.db, () => deps, audit));
      if (Object.keys(real).length) ctx.services.chain = real;
    }
    const chains = new ChainRouter(() => ctx.services.chain);
    const deps: WalletDeps = {
      ctx,
      ledger,
      prices: service(ctx, 'prices'),
      config: loadWalletConfig(),
      chains,
    };
    ctx.services.keyWithdrawals = keyWithdrawals(deps);
    ctx.services.holdings = { of: (currencies, db) => platformHoldings(chains, ledger, currencies, db) };
    registerUserRoutes(app, ctx, deps);
    registerAdminRoutes(app, ctx, deps);
    registerLedgerExplorer(app, ctx, deps);
    registerDemoFundsRoutes(app, ctx, deps, (network) => chains.isSimulated(network));
  },
  start(ctx) {
    for (const w of watchers) {
      let busy = false;
      timers.push(
        setInterval(() => {
          if (busy) return;
          busy = true;
          w.step()
            .catch((e: unknown) => ctx.log.warn({ err: e, network: w.network }, 'chain watcher step failed'))
            .finally(() => {
              busy = false;
            });
        }, w.pollMs),
      );
    }
  },
  stop() {
    for (const t of timers) clearInterval(t);
    timers = [];
  },
};
