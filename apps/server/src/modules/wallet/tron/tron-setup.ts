import type { Db } from '../../../platform/db/database.ts';
import type { AuditService } from '../../operator/audit.service.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { tronAuthorizer } from './tron-authorize.ts';
import { TronChain } from './tron-chain.ts';
import type { TronConfig } from './tron-config.ts';
import { TronSigner } from './tron-signer.ts';

/** Builds the TRON adapter, its signer (when a key is configured) and its watcher step. */
export function setUpTron(cfg: TronConfig, db: Db, deps: () => WalletDeps, audit: () => AuditService) {
  // the authorizer needs the adapter, which needs the signer: closed over, read at signing time
  const ref: { chain?: TronChain } = {};
  const signer = cfg.hotKey
    ? new TronSigner({
        hotKey: cfg.hotKey,
        authorize: (req, tx) => tronAuthorizer(() => ref.chain!, deps().ledger)(req, tx),
      })
    : undefined;
  const chain = new TronChain({
    network: cfg.network,
    baseUrl: cfg.baseUrl,
    xpub: cfg.xpub,
    tokens: cfg.tokens,
    startBlock: cfg.startBlock,
    signer,
    db,
    feeLimitSun: cfg.feeLimitSun,
  });
  ref.chain = chain;
  return { chain, step: () => chain.tick(deps(), audit()), pollMs: cfg.pollMs };
}
