import type { KycLevel } from '@tidemark/contract/kyc';
import type { AppContext } from '../../platform/context.ts';
import type { PriceService } from '../market/price.service.ts';
import type { ChainRouter } from './chain-adapter.ts';
import type { LedgerService } from './ledger.service.ts';
import type { WalletConfig } from './wallet.config.ts';

/** What the wallet's services share. */
export interface WalletDeps {
  ctx: AppContext;
  ledger: LedgerService;
  prices: PriceService;
  config: WalletConfig;
  /** Which chain adapter serves each network (the simulated chain unless configured). */
  chains: ChainRouter;
}

/** The user's KYC level from the KYC module; everyone is 'none' when no KYC module is installed. */
export async function kycLevelOf(ctx: AppContext, userId: number): Promise<KycLevel> {
  const kyc = ctx.services.kyc;
  return kyc ? kyc.levelOf(userId) : 'none';
}

/** Start of the current UTC day (the "per day" of withdrawal limits). */
export function startOfUtcDay(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}
