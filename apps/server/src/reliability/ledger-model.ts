import type { AccountRef, Movement } from '../modules/wallet/ledger.service.ts';

/**
 * The simulator's reference model of the ledger: a plain map of expected balances, changed by the
 * same movements the simulator asks the ledger for. It knows nothing of SQL, so a ledger that loses,
 * doubles or half-applies an entry disagrees with it. Also keeps the sum per currency (conservation)
 * and the accounts touched since the last check (so checks after every step stay cheap).
 */
export interface ModelBalance {
  ref: AccountRef;
  available: bigint;
  frozen: bigint;
}

export const accountKey = (a: AccountRef): string =>
  'userId' in a ? `u:${a.userId}|${a.currency}|${a.wallet}` : `s:${a.system}|${a.currency}|system`;

/** The outside world mirrors the chains and the platform's capital: the one account allowed below zero. */
export const mayGoNegative = (a: AccountRef): boolean => 'system' in a && a.system === 'outside_world';

export class LedgerModel {
  readonly accounts = new Map<string, ModelBalance>();
  private readonly sums = new Map<string, bigint>();
  private touched = new Map<string, ModelBalance>();

  get(ref: AccountRef): ModelBalance {
    const k = accountKey(ref);
    let b = this.accounts.get(k);
    if (!b) {
      b = { ref, available: 0n, frozen: 0n };
      this.accounts.set(k, b);
    }
    return b;
  }

  available(ref: AccountRef): bigint {
    return this.accounts.get(accountKey(ref))?.available ?? 0n;
  }

  /** Would these movements leave every account at or above zero (the ledger's refusal rule)? */
  allows(movements: Movement[]): boolean {
    const after = new Map<string, { ref: AccountRef; available: bigint; frozen: bigint }>();
    for (const m of movements) {
      const k = accountKey(m.account);
      const cur = after.get(k) ?? { ...this.get(m.account) };
      cur.available += m.available ?? 0n;
      cur.frozen += m.frozen ?? 0n;
      after.set(k, cur);
    }
    for (const a of after.values()) {
      if (a.frozen < 0n || (a.available < 0n && !mayGoNegative(a.ref))) return false;
    }
    return true;
  }

  apply(movements: Movement[]): void {
    for (const m of movements) {
      const b = this.get(m.account);
      b.available += m.available ?? 0n;
      b.frozen += m.frozen ?? 0n;
      const c = m.account.currency;
      this.sums.set(c, (this.sums.get(c) ?? 0n) + (m.available ?? 0n) + (m.frozen ?? 0n));
      this.touched.set(accountKey(m.account), b);
    }
  }

  /** Marks an account for the next check without changing it (a refused or aborted step). */
  touch(ref: AccountRef): void {
    this.touched.set(accountKey(ref), this.get(ref));
  }

  /** The accounts touched since the last call (and forgets them). */
  drainTouched(): ModelBalance[] {
    const out = [...this.touched.values()];
    this.touched = new Map();
    return out;
  }

  /** Problems of the model itself: a currency that does not sum to zero, a negative balance. */
  selfCheck(accounts: Iterable<ModelBalance>): string[] {
    const problems: string[] = [];
    for (const [currency, sum] of this.sums) {
      if (sum !== 0n) problems.push(`model: ${currency} sums to ${sum}`);
    }
    for (const a of accounts) {
      if (a.frozen < 0n || (a.available < 0n && !mayGoNegative(a.ref))) {
        problems.push(`model: ${accountKey(a.ref)} negative ${a.available}/${a.frozen}`);
      }
    }
    return problems;
  }
}
