import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { AdapterHealth } from './chain-adapter.ts';
import { chainAddresses } from './wallet.schema.ts';

/**
 * What the real-chain adapters (Bitcoin, EVM, Tron) share about their hot wallet: how its health is
 * reported, which addresses count as custody, and how a missing signer or a refused broadcast reads.
 */

/**
 * A real network's health once its node answered: withdrawals only with a signer, deposits unless the
 * watcher is behind; every reason something is held back is named in the note.
 */
export function hotWalletHealth(o: {
  hasSigner: boolean;
  broadcastProblem: string | undefined;
  scannerLag: number | null;
  watcherBehind?: boolean;
}): AdapterHealth {
  const notes = [
    o.watcherBehind ? 'deposit watcher not running or behind' : undefined,
    o.hasSigner ? undefined : 'no signer configured',
    o.broadcastProblem,
  ].filter(Boolean);
  return {
    depositsOpen: !o.watcherBehind,
    withdrawalsOpen: o.hasSigner,
    scannerLag: o.scannerLag,
    note: notes.length ? notes.join('; ') : undefined,
  };
}

/** The addresses whose balances are the platform's custody on `network`: every deposit address, then the hot wallet. */
export async function custodyAddresses(db: Db, network: string, hotAddress: string | undefined): Promise<string[]> {
  const rows = await db.select().from(chainAddresses).where(eq(chainAddresses.network, network));
  return [...rows.map((r) => r.address), ...(hotAddress === undefined ? [] : [hotAddress])];
}

/** What `health` reports after a flush the node refused, until the transactions go out. */
export const broadcastProblemOf = (refused: string[]): string | undefined =>
  refused.length ? `cannot broadcast ${refused.join('; ')}` : undefined;

/** A withdrawal asked of an adapter that has no signer (a watch-only deployment). */
export const noSignerError = (network: string): Error =>
  new Error(`${network}: no signer configured, withdrawals are suspended`);
