import type { Db } from '../../platform/db/database.ts';

/**
 * Identities that hold between the ledger and another module's records (futures clearing against
 * the open positions, the cycle pool against the open contracts). Each module registers its own
 * when it is loaded, so `ledgerCheck` — the operator call, `npm run ledger:check` and the tests —
 * verifies them without the wallet knowing the other modules' tables.
 */
export interface LedgerInvariant {
  name: string;
  /** Every break found, in words (empty when it holds). Reads within the caller's snapshot. */
  check(db: Db): Promise<string[]>;
}

const invariants = new Map<string, LedgerInvariant>();

export function registerLedgerInvariant(invariant: LedgerInvariant): void {
  invariants.set(invariant.name, invariant);
}

export function ledgerInvariants(): LedgerInvariant[] {
  return [...invariants.values()];
}
