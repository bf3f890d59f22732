/**
 * The wallet's answers that the server, the web app and the console all read: a network's health,
 * the custody check, withdrawals and their states. Amounts are decimal strings at the currency's
 * scale; times are epoch milliseconds.
 */

/** What an operator and a user see about a network (deposit and withdraw pages, back office). */
export interface ChainHealth {
  network: string;
  adapter: string;
  /** True for the simulated chain: nothing real moves. */
  demo: boolean;
  depositsOpen: boolean;
  withdrawalsOpen: boolean;
  creditConfirmations: number;
  unlockConfirmations: number;
  /** Blocks between the chain's head and the watcher's cursor; null where nothing is watched. */
  scannerLag: number | null;
  /** Why deposits or withdrawals are suspended (a stale node, a watcher that fell behind, …). */
  note?: string | undefined;
}

/** A network's health with the currencies it carries, as the chain status endpoints list it. */
export interface NetworkStatus extends ChainHealth {
  currencies: string[];
}

/** One currency's custody line of the ledger check: what the chains hold against what users are owed. */
export interface CustodyLine {
  currency: string;
  /** The networks real adapters serve for this currency (the rest are simulated). */
  realNetworks: string[];
  /** What the users are owed (every user account, available + frozen) plus sent withdrawals not yet settled. */
  liabilities: string;
  /** What the platform holds on the real networks (hot wallet + deposit addresses); null where none is real. */
  onChain: string | null;
  /** onChain − liabilities; negative means the chains hold less than the users are owed. */
  surplus: string | null;
  /** True when every network of the currency is real and the chains hold less than the liabilities. */
  short: boolean;
}

export const WITHDRAWAL_STATUSES = ['pending', 'sent', 'completed', 'rejected', 'cancelled', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** A withdrawal to a chain address as its owner sees it (the console adds who and what gas costs now). */
export interface Withdrawal {
  id: number;
  currency: string;
  chain: string;
  address: string;
  amount: string;
  /** The platform's fee; `receive` is what reaches the address (amount − fee). */
  fee: string;
  receive: string;
  status: WithdrawalStatus;
  reason: string | null;
  txHash: string | null;
  time: number;
}

export const BANK_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type BankStatus = (typeof BANK_STATUSES)[number];

/** A withdrawal to a bank card as its owner sees it (the console adds who). */
export interface BankWithdrawal {
  id: number;
  cardholder: string;
  bankName: string;
  branchName: string;
  bankCode: string;
  cardNumber: string;
  currency: string;
  amount: string;
  fee: string;
  receive: string;
  status: BankStatus;
  reason: string | null;
  time: number;
}

/** A request to pay USDT out to a bank card (demo: an operator marks it paid by hand). */
export interface BankWithdrawRequest {
  requestId: string;
  cardholder: string;
  bankName: string;
  branchName: string;
  bankCode: string;
  cardNumber: string;
  amount: string;
  fundPassword: string;
}

/** What the app's and the console's deposit lists both show of an on-chain deposit (amounts are decimal strings). */
export interface DepositLine {
  id: number;
  currency: string;
  chain: string;
  address: string;
  txHash: string;
  amount: string;
  confirmations: number;
  time: number;
}
