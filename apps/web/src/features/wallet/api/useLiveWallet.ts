import { useMyBalances, useMyFuturesAccount, useRefetchOn } from '../../../lib/realtime/hooks.ts';
import { walletKeys } from './wallet.ts';

/**
 * Keeps the wallet's reads current without a timer: when the spot balances channel or the futures wallet
 * (available, frozen, position margin — not the uPnL, which moves with every mark) changes, the wallet
 * queries on screen are fetched again. The server publishes both after any money command commits
 * (deposit credit, transfer, conversion, trade, withdrawal hold …).
 */
export function useLiveWallet(): void {
  const spot = useMyBalances();
  const futures = useMyFuturesAccount();
  const futuresWallet = futures ? `${futures.available}|${futures.frozen}|${futures.positionMargin}` : undefined;
  useRefetchOn(walletKeys.all, spot);
  useRefetchOn(walletKeys.all, futuresWallet);
}
