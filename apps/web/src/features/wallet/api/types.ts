import type { DepositLine } from '@tidemark/contract/wallet';

/**
 * The wallet answers of the server (apps/server/src/modules/wallet). Every amount is a decimal
 * string at the currency's scale; every time is epoch milliseconds.
 */
export type WalletName = 'spot' | 'futures' | 'earn';
export const WALLETS: readonly WalletName[] = ['spot', 'futures', 'earn'];

export interface AssetRow {
  currency: string;
  coinType: number;
  available: string;
  frozen: string;
  /** null when the currency has no price right now (it is then named in `unpriced`) */
  usdtValue: string | null;
  /** spot only: what may leave the platform now, and deposits still waiting for 3 confirmations */
  withdrawable?: string;
  lockedDeposits?: string;
}

export interface WalletAssets {
  wallet: WalletName;
  usdtTotal: string;
  /** Realized P&L in USDT, all time and since the start of the UTC day; null where the wallet has none (earn). */
  realizedPnl: string | null;
  realizedPnlToday: string | null;
  currencies: AssetRow[];
}

export interface Assets {
  /** true when prices come from the simulated feed: every valuation is labelled "demo" */
  demo: boolean;
  usdtTotal: string;
  unpriced: string[];
  wallets: WalletAssets[];
}

export const RECORD_TYPES = ['deposit', 'withdraw', 'bank', 'transfer', 'convert', 'adjustment'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export interface LedgerRecord {
  id: number;
  type: string;
  kind: string;
  reference: string | null;
  memo: string | null;
  currency: string;
  wallet: WalletName;
  available: string;
  frozen: string;
  time: number;
}

export interface Page<T> {
  total: number;
  items: T[];
}

export interface LedgerRecords extends Page<LedgerRecord> {
  page: number;
  size: number;
  maxDays: number;
}

export interface DrawChain {
  chain: string;
  withdrawFee: string;
  minDeposit: string;
}

export interface DrawCurrency {
  currency: string;
  name: string;
  coinType: number;
  scale: number;
  chains: DrawChain[];
  available: string;
  withdrawable: string;
  min: string;
  max: string;
  daily: string;
  /** What may really still be withdrawn today in this currency (daily maximum and KYC limit); null without a price. */
  todayRemaining: string | null;
  /** The KYC 24-hour remainder converted into this currency at the index (rounded down); null without a price. */
  kycRemaining: string | null;
}

export type KycLevel = 'none' | 'basic' | 'advanced';

export interface DrawInfos {
  kyc: { level: KycLevel; limitBtc24h: string; remainingBtc24h: string; fiatPerTrade: string; verifyPath: string };
  bank: {
    feeRate: string;
    min: string;
    /** Per-transaction maximum (the KYC level's fiat single limit). */
    max: string;
    daily: string;
    todayRemaining: string | null;
    kycRemaining: string | null;
    currency: string;
  };
  currencies: DrawCurrency[];
}

export interface DepositAddress {
  currency: string;
  chain: string;
  address: string;
  minDeposit: string;
  creditConfirmations: number;
  unlockConfirmations: number;
  simulated: boolean;
}

export const DEPOSIT_STATUSES = ['pending', 'credited', 'confirmed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export interface Deposit extends DepositLine {
  status: DepositStatus;
  withdrawable: boolean;
}

export {
  BANK_STATUSES,
  WITHDRAWAL_STATUSES,
  type BankStatus,
  type BankWithdrawal,
  type NetworkStatus,
  type Withdrawal,
  type WithdrawalStatus,
} from '@tidemark/contract/wallet';

export interface SavedAddress {
  id: number;
  currency: string;
  chain: string;
  address: string;
  remark: string | null;
  time: number;
}

export interface ConvertQuote {
  quoteId: string;
  from: string;
  to: string;
  amount: string;
  indexPrice: string;
  spread: string;
  feeRate: string;
  fee: string;
  receive: string;
  rate: string;
  validSeconds: number;
  expiresAt: number;
  demo: boolean;
}

/** What a conversion was: from one currency to another, at a rate, with its fee (decimal strings). */
interface ConvertTerms {
  from: string;
  to: string;
  amount: string;
  receive: string;
  fee: string;
  rate: string;
}

export interface ConvertResult extends ConvertTerms {
  orderId: number;
  demo: boolean;
}

export interface ConvertRecord extends ConvertTerms {
  id: number;
  time: number;
}

export interface TransferResult {
  transactionId: number;
  currency: string;
  from: WalletName;
  to: WalletName;
  amount: string;
}

/** "Get demo funds" (simulated chain only): what one grant credits and when the next is possible (null: now). */
export interface DemoFundsStatus {
  demo: true;
  amounts: { currency: string; amount: string }[];
  intervalMinutes: number;
  nextAt: number | null;
}

export interface DemoFundsGrant {
  demo: true;
  transactionId: number;
  wallet: 'spot';
  credited: { currency: string; amount: string }[];
  nextAt: number;
}
