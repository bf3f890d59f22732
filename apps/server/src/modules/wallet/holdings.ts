import type { Db } from '../../platform/db/database.ts';
import { currencyOf } from '../market/currencies.ts';
import type { ChainRouter } from './chain-adapter.ts';
import type { LedgerService } from './ledger.service.ts';

/** What the platform holds of a currency in one place, minor units. */
export interface HoldingLine {
  currency: string;
  /** chain: read from a real network's node; simulated: the ledger's mirror of the simulated chain. */
  source: 'chain' | 'simulated';
  /** The network, or "simulated" for the simulated chain's share. */
  network: string;
  amount: bigint;
  /** Demo money: no coins stand behind it. */
  demo: boolean;
}

/**
 * The platform's holdings per currency, for proof of reserves. A real network answers from its node
 * (hot wallet + deposit addresses, `ChainAdapter.holdings`). Networks the simulated chain serves have no
 * coins: their share is what the ledger says came in from outside and did not leave (−outside_world, which
 * also counts real deposits, so the real networks' holdings are taken off it), labelled demo.
 * `db` is the caller's transaction, so the mirror matches the liabilities read beside it.
 */
export async function platformHoldings(
  chains: ChainRouter,
  ledger: LedgerService,
  currencies: readonly string[],
  db?: Db,
): Promise<HoldingLine[]> {
  const lines: HoldingLine[] = [];
  for (const code of currencies) {
    const c = currencyOf(code);
    if (!c) continue;
    const networks = c.chains.map((ch) => ch.chain);
    const real = chains.realAdapters(networks);
    let onChain = 0n;
    for (const r of real) {
      if (!r.adapter.holdings) continue;
      const amount = await r.adapter.holdings(code);
      onChain += amount;
      lines.push({ currency: code, source: 'chain', network: r.network, amount, demo: false });
    }
    if (real.length < networks.length) {
      const mirror = -(await ledger.balance({ system: 'outside_world', currency: code }, db)).available;
      const simulated = mirror - onChain;
      lines.push({
        currency: code,
        source: 'simulated',
        network: 'simulated',
        amount: simulated > 0n ? simulated : 0n,
        demo: true,
      });
    }
  }
  return lines;
}

/** Published as `ctx.services.holdings`. */
export interface PlatformHoldings {
  of(currencies: readonly string[], db?: Db): Promise<HoldingLine[]>;
}
