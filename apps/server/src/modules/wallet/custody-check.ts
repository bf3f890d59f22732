import type { CustodyLine } from '@tidemark/contract/wallet';
import { sql } from 'drizzle-orm';
import { CURRENCIES } from '../market/currencies.ts';
import { show } from './amounts.ts';
import type { WalletDeps } from './wallet-deps.ts';

export type { CustodyLine };

/**
 * The ledger check's view of custody: per currency, the hot wallet and deposit addresses on the chains
 * against the users' liabilities. A currency also moving on the simulated chain cannot be short
 * (demo money has no coins behind it); its figures are shown for the operator all the same.
 */
export async function custodyCheck(deps: WalletDeps): Promise<{ lines: CustodyLine[]; problems: string[] }> {
  const owed = (
    (await deps.ctx.db.execute(
      sql`select currency, sum(available + frozen)::text as total from ledger_accounts
        where owner_kind = 'user' or system_name = 'hot_wallet' group by currency`,
    )) as unknown as { rows: { currency: string; total: string }[] }
  ).rows;
  const lines: CustodyLine[] = [];
  const problems: string[] = [];
  for (const c of CURRENCIES) {
    const networks = c.chains.map((ch) => ch.chain);
    const real = deps.chains.realAdapters(networks).filter((r) => r.adapter.holdings);
    const liabilities = BigInt(owed.find((o) => o.currency === c.code)?.total ?? '0');
    if (!real.length && liabilities === 0n) continue;
    let onChain: bigint | null = null;
    for (const r of real) onChain = (onChain ?? 0n) + (await r.adapter.holdings!(c.code));
    const surplus = onChain === null ? null : onChain - liabilities;
    const short = surplus !== null && surplus < 0n && real.length === networks.length;
    if (short)
      problems.push(`custody ${c.code}: chains hold ${show(onChain!, c)} but users are owed ${show(liabilities, c)}`);
    lines.push({
      currency: c.code,
      realNetworks: real.map((r) => r.network),
      liabilities: show(liabilities, c),
      onChain: onChain === null ? null : show(onChain, c),
      surplus: surplus === null ? null : surplus < 0n ? `-${show(-surplus, c)}` : show(surplus, c),
      short,
    });
  }
  return { lines, problems };
}
