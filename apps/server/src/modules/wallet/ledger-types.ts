import { AppError } from '../../platform/http/app-error.ts';
import type { UserWallet } from './ledger.schema.ts';

/**
 * System accounts are ordinary accounts (DESIGN.md §1) so every currency sums to zero:
 * - outside_world: the mirror of the chains and of the platform's own capital (the only account
 *   that may be negative: −(everything that came in) + (everything that went out));
 * - hot_wallet: withdrawals on their way out (approved, not yet confirmed on chain);
 * - fees, insurance_fund, cycle_pool, staking_interest: what their names say;
 * - convert_desk: the platform's inventory that is the counterparty of every convert;
 * - futures_clearing: the margin of open futures positions and the P&L settled between them.
 */
export const SYSTEM_ACCOUNTS = [
  'outside_world',
  'hot_wallet',
  'fees',
  'insurance_fund',
  'cycle_pool',
  'staking_interest',
  'convert_desk',
  'futures_clearing',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef =
  { userId: number; currency: string; wallet: UserWallet } | { system: SystemAccount; currency: string };

/** A change of one account: positive adds, negative takes. */
export interface Movement {
  account: AccountRef;
  available?: bigint;
  frozen?: bigint;
}

export interface Entry {
  kind: string;
  /** What caused it, e.g. "withdrawal:12" (searchable). */
  reference?: string | undefined;
  memo?: string | undefined;
  movements: Movement[];
}

export interface Balance {
  currency: string;
  wallet: string;
  available: bigint;
  frozen: bigint;
}

/** The spec's insufficient-balance refusal; `account` says whose balance was short. */
export class InsufficientBalance extends AppError {
  readonly account: AccountRef | undefined;
  constructor(account?: AccountRef) {
    super(400, 'INSUFFICIENT_BALANCE', 'wallet.insufficientBalance');
    this.account = account;
  }
}
export const insufficientBalance = (account?: AccountRef) => new InsufficientBalance(account);

export const ownerOf = (a: AccountRef) => ('userId' in a ? `u:${a.userId}` : `s:${a.system}`);
export const walletOf = (a: AccountRef) => ('userId' in a ? a.wallet : 'system');
/** The account's natural key (owner|currency|wallet), unique in ledger_accounts. */
export const keyOf = (a: AccountRef) => `${ownerOf(a)}|${a.currency}|${walletOf(a)}`;
/** Accounts allowed below zero (see SYSTEM_ACCOUNTS); the database CHECK says the same. */
export const mayGoNegative = (a: AccountRef) => 'system' in a && a.system === 'outside_world';

/** One entry's net change per account, after checking it balances per currency and is not empty. */
export function netChanges(entry: Entry): Array<{ ref: AccountRef; key: string; available: bigint; frozen: bigint }> {
  const sums = new Map<string, bigint>();
  const byKey = new Map<string, { ref: AccountRef; key: string; available: bigint; frozen: bigint }>();
  for (const m of entry.movements) {
    const available = m.available ?? 0n;
    const frozen = m.frozen ?? 0n;
    sums.set(m.account.currency, (sums.get(m.account.currency) ?? 0n) + available + frozen);
    const key = keyOf(m.account);
    let cur = byKey.get(key);
    if (!cur) {
      cur = { ref: m.account, key, available: 0n, frozen: 0n };
      byKey.set(key, cur);
    }
    cur.available += available;
    cur.frozen += frozen;
  }
  for (const [currency, sum] of sums) {
    // a bug, never a user error: refuse loudly (the database would refuse it at commit too)
    if (sum !== 0n) throw new Error(`unbalanced ledger entry ${entry.kind}: ${currency} sums to ${sum}`);
  }
  const changes = [...byKey.values()].filter((c) => c.available !== 0n || c.frozen !== 0n);
  if (!changes.length) throw new Error(`empty ledger entry ${entry.kind}`);
  return changes;
}
