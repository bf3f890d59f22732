/** A currency as the pickers need it: its code, and the chains it moves on (if any). */
export interface AssetOption {
  currency: string;
  chains?: ReadonlyArray<{ chain: string }>;
}

export interface AssetChoice {
  currency: string;
  chain: string;
}

/**
 * The first choice of a form: the currency asked for (`?currency=`, a draft) when it exists, else
 * the first; the chain asked for when that currency has it, else its first.
 */
export function initialChoice(
  assets: readonly AssetOption[],
  currency?: string | null,
  chain?: string | null,
): AssetChoice {
  const first = assets.find((a) => a.currency === currency) ?? assets[0];
  const chains = first?.chains ?? [];
  return {
    currency: first?.currency ?? '',
    chain: chains.find((c) => c.chain === chain)?.chain ?? chains[0]?.chain ?? '',
  };
}

/** Switching currency keeps the chain when the new currency has it, else takes its first. */
export function switchCurrency(assets: readonly AssetOption[], choice: AssetChoice, next: string): AssetChoice {
  const chains = assets.find((a) => a.currency === next)?.chains ?? [];
  const keep = chains.some((c) => c.chain === choice.chain);
  return { currency: next, chain: keep ? choice.chain : (chains[0]?.chain ?? '') };
}

/** The picker's rows: code and name ("USDT · Tether") with the coin icon where the coin is known. */
export function assetOptions(
  assets: ReadonlyArray<{ currency: string; name?: string; coinType?: number }>,
): Array<{ value: string; label: string; coinType?: number }> {
  return assets.map((a) => ({
    value: a.currency,
    label: a.name ? `${a.currency} · ${a.name}` : a.currency,
    ...(a.coinType !== undefined ? { coinType: a.coinType } : {}),
  }));
}
