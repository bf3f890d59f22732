import { useState } from 'react';
import type { DrawCurrency } from '../api/types.ts';

/**
 * The chosen currency and chain of a deposit or withdrawal form. The chain follows the currency:
 * switching to a currency that lacks the chosen chain picks its first one. `initial` comes from
 * `?currency=` so the assets screen can open a form for one coin.
 */
export function useCurrencyChoice(currencies: DrawCurrency[], initial?: string | null) {
  const first = currencies.find((c) => c.currency === initial) ?? currencies[0];
  const [code, setCode] = useState(first?.currency ?? '');
  const [chainName, setChainName] = useState(first?.chains[0]?.chain ?? '');
  const currency = currencies.find((c) => c.currency === code) ?? first;
  const chain = currency?.chains.find((c) => c.chain === chainName) ?? currency?.chains[0];
  const chooseCurrency = (next: string) => {
    setCode(next);
    const c = currencies.find((x) => x.currency === next);
    if (c && !c.chains.some((ch) => ch.chain === chainName)) setChainName(c.chains[0]?.chain ?? '');
  };
  return { currency, chain, chooseCurrency, chooseChain: setChainName };
}
