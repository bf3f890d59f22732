import type { Db } from '../../../platform/db/database.ts';
import type { AuditService } from '../../operator/audit.service.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { btcAuthorizer } from './btc-authorize.ts';
import type { BtcConfig } from './btc-config.ts';
import { BtcSigner } from './btc-signer.ts';
import { EsploraBitcoin } from './esplora-chain.ts';

/** Builds the Bitcoin adapter, its signer (when a key is configured) and its watcher step. */
export function setUpBtc(cfg: BtcConfig, db: Db, deps: () => WalletDeps, audit: () => AuditService) {
  // the authorizer needs the adapter, which needs the signer: closed over, read at signing time
  const ref: { chain?: EsploraBitcoin } = {};
  const signer = cfg.hotKey
    ? new BtcSigner({
        hotKey: cfg.hotKey,
        authorize: (req, tx) => btcAuthorizer(() => ref.chain!, deps().ledger)(req, tx),
      })
    : undefined;
  const chain = new EsploraBitcoin({
    network: cfg.network,
    baseUrl: cfg.baseUrl,
    xpub: cfg.xpub,
    signer,
    db,
    maxFeeRate: cfg.maxFeeRate,
  });
  ref.chain = chain;
  return { chain, step: () => chain.tick(deps(), audit()), pollMs: cfg.pollMs };
}
