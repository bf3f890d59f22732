/** A network's status as the server reports it (`/admin/wallet/chains/status`). */
export interface NetworkStatus {
  network: string;
  adapter: string;
  demo: boolean;
  depositsOpen: boolean;
  withdrawalsOpen: boolean;
  creditConfirmations: number;
  unlockConfirmations: number;
  scannerLag: number | null;
  note?: string;
  currencies: string[];
}

/** One currency's custody line of the ledger check: what the chains hold against what users are owed. */
export interface CustodyLine {
  currency: string;
  realNetworks: string[];
  liabilities: string;
  onChain: string | null;
  surplus: string | null;
  short: boolean;
}
