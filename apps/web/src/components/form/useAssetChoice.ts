import { useState } from 'react';
import { initialChoice, switchCurrency, type AssetOption } from './asset-choice.ts';

/**
 * The chosen currency and chain of a form, as the rows of `assets`. The chain follows the
 * currency (asset-choice.ts). `currency` and `chain` are undefined only when `assets` is empty.
 */
export function useAssetChoice<A extends AssetOption & { chains?: ReadonlyArray<{ chain: string }> }>(
  assets: readonly A[],
  initialCurrency?: string | null,
  initialChain?: string | null,
) {
  const [choice, setChoice] = useState(() => initialChoice(assets, initialCurrency, initialChain));
  const currency = assets.find((a) => a.currency === choice.currency) ?? assets[0];
  type Chain = NonNullable<A['chains']>[number];
  const chain: Chain | undefined = currency?.chains?.find((c) => c.chain === choice.chain) ?? currency?.chains?.[0];
  return {
    currency,
    chain,
    chooseCurrency: (next: string) => setChoice((c) => switchCurrency(assets, c, next)),
    chooseChain: (next: string) => setChoice((c) => ({ ...c, chain: next })),
  };
}
