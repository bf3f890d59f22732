import { CURRENCIES } from '../market/currencies.ts';
import type { ChainHealth } from './chain-adapter.ts';
import { CREDIT_CONFIRMATIONS, UNLOCK_CONFIRMATIONS } from './wallet.config.ts';
import type { WalletDeps } from './wallet-deps.ts';

/** Every network the platform offers, once, with the currencies that move on it. */
export function networks(): { network: string; currencies: string[] }[] {
  const by = new Map<string, string[]>();
  for (const c of CURRENCIES) for (const ch of c.chains) by.set(ch.chain, [...(by.get(ch.chain) ?? []), c.code]);
  return [...by.entries()].map(([network, currencies]) => ({ network, currencies }));
}

/**
 * Per-network status for the deposit and withdraw pages and the back office: open or suspended,
 * the confirmations a deposit needs, how far the watcher is behind the chain.
 */
export async function chainStatus(deps: WalletDeps): Promise<{ networks: (ChainHealth & { currencies: string[] })[] }> {
  const list = await Promise.all(
    networks().map(async ({ network, currencies }) => ({
      ...(await deps.chains.health(network, { credit: CREDIT_CONFIRMATIONS, unlock: UNLOCK_CONFIRMATIONS })),
      currencies,
    })),
  );
  return { networks: list };
}
