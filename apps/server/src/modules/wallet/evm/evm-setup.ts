import type { Db } from '../../../platform/db/database.ts';
import type { AuditService } from '../../operator/audit.service.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { evmAuthorizer } from './evm-authorize.ts';
import { EvmChain } from './evm-chain.ts';
import type { EvmConfig } from './evm-config.ts';
import { EvmSigner } from './evm-signer.ts';
import { EvmWatcher } from './evm-watcher.ts';

/** Builds the adapter, its signer (when keys are configured) and its watcher for one EVM network. */
export function setUpEvm(cfg: EvmConfig, db: Db, deps: () => WalletDeps, audit: () => AuditService) {
  // the authorizer needs the adapter, which needs the signer: closed over, read at signing time
  const ref: { chain?: EvmChain } = {};
  const signer = cfg.signer
    ? new EvmSigner({
        hotKey: cfg.signer.hotKey,
        depositXprv: cfg.signer.depositXprv,
        authorize: (req, tx) => evmAuthorizer(() => ref.chain!, deps().ledger)(req, tx),
      })
    : undefined;
  const chain = new EvmChain({
    network: cfg.network,
    client: cfg.client,
    xpub: cfg.xpub,
    nativeCurrency: cfg.nativeCurrency,
    tokens: cfg.tokens,
    db,
    signer,
  });
  ref.chain = chain;
  const watcher = () => new EvmWatcher(chain, deps(), audit(), { startBlock: cfg.startBlock });
  return { chain, signer, watcher };
}
