import type { BankWithdrawRequest } from '@tidemark/contract/wallet';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiPost, type CallOptions } from '../../../lib/api.ts';
import type {
  Assets,
  BankWithdrawal,
  ConvertQuote,
  ConvertRecord,
  ConvertResult,
  DemoFundsGrant,
  DemoFundsStatus,
  Deposit,
  DepositAddress,
  DrawInfos,
  LedgerRecords,
  NetworkStatus,
  Page,
  RecordType,
  SavedAddress,
  TransferResult,
  WalletName,
  Withdrawal,
} from './types.ts';

/**
 * The wallet calls (server: modules/wallet/user.routes.ts). Reads come with their TanStack Query
 * options under one key prefix, so a money command can refresh every balance on screen at once
 * (`invalidateQueries({ queryKey: walletKeys.all })`). Commands take the submission's requestId.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  assets: ['wallet', 'assets'] as const,
  drawInfos: ['wallet', 'draw-infos'] as const,
  records: (q: RecordsQuery) => ['wallet', 'records', q] as const,
  depositAddress: (currency: string, chain: string) => ['wallet', 'deposit-address', currency, chain] as const,
  deposits: (page: number) => ['wallet', 'deposits', page] as const,
  withdrawals: (page: number) => ['wallet', 'withdrawals', page] as const,
  bankWithdrawals: (page: number) => ['wallet', 'bank-withdrawals', page] as const,
  addresses: (currency?: string) => ['wallet', 'addresses', currency ?? ''] as const,
  convertRecords: (page: number) => ['wallet', 'convert-records', page] as const,
  demoFunds: ['wallet', 'demo-funds'] as const,
  chainStatus: ['wallet', 'chain-status'] as const,
};

export const PAGE_SIZE = 20;

export interface RecordsQuery {
  type?: RecordType;
  from?: number;
  to?: number;
  page: number;
}

export const assetsQuery = () =>
  queryOptions({
    queryKey: walletKeys.assets,
    queryFn: () => apiPost<Assets>('/xb/v1/wallet/assets'),
    // no timer: useLiveWallet refetches it when a balance channel says a balance moved
  });

export const drawInfosQuery = () =>
  queryOptions({
    queryKey: walletKeys.drawInfos,
    queryFn: () => apiPost<DrawInfos>('/xb/v1/account/currency/draw/infos'),
  });

export const recordsQuery = (q: RecordsQuery) =>
  queryOptions({
    queryKey: walletKeys.records(q),
    queryFn: () => apiPost<LedgerRecords>('/xb/v1/wallet/records', { ...q, size: PAGE_SIZE }, { silent: true }),
  });

export const depositAddressQuery = (currency: string, chain: string) =>
  queryOptions({
    queryKey: walletKeys.depositAddress(currency, chain),
    queryFn: () => apiPost<DepositAddress>('/xb/v1/wallet/deposit/address', { currency, chain }),
    staleTime: Infinity, // derived deterministically per user: it never changes
  });

export const depositsQuery = (page: number) =>
  queryOptions({
    queryKey: walletKeys.deposits(page),
    queryFn: () => apiPost<Page<Deposit>>('/xb/v1/wallet/deposit/records', { page, size: PAGE_SIZE }),
    // confirmations arrive from the chain while the user watches; only the credit itself moves a balance
    // (and a channel), so the count of confirmations has no channel to follow
    refetchInterval: 15_000,
  });

export const withdrawalsQuery = (page: number) =>
  queryOptions({
    queryKey: walletKeys.withdrawals(page),
    queryFn: () => apiPost<Page<Withdrawal>>('/xb/v1/wallet/withdraw/records', { page, size: PAGE_SIZE }),
    // a withdrawal's review, broadcast and confirmations do not move a balance: no channel carries them
    refetchInterval: 15_000,
  });

export const bankWithdrawalsQuery = (page: number) =>
  queryOptions({
    queryKey: walletKeys.bankWithdrawals(page),
    queryFn: () => apiPost<Page<BankWithdrawal>>('/xb/v1/wallet/withdraw-bank/records', { page, size: PAGE_SIZE }),
  });

export const addressesQuery = (currency?: string) =>
  queryOptions({
    queryKey: walletKeys.addresses(currency),
    queryFn: () => apiPost<{ items: SavedAddress[] }>('/xb/v1/wallet/address/list', currency ? { currency } : {}),
  });

export const convertRecordsQuery = (page: number) =>
  queryOptions({
    queryKey: walletKeys.convertRecords(page),
    queryFn: () => apiPost<Page<ConvertRecord>>('/xb/v1/convert/records', { page, size: PAGE_SIZE }),
  });

// commands: the caller shows field errors itself (silent), so a refused form keeps its message beside the field

export const transfer = (
  body: { requestId: string; currency: string; from: WalletName; to: WalletName; amount: string },
  opts?: CallOptions,
) => apiPost<TransferResult>('/xb/v1/wallet/transfer', body, opts);

export const requestQuote = (body: { from: string; to: string; amount: string }, opts?: CallOptions) =>
  apiPost<ConvertQuote>('/xb/v1/convert/quote', body, opts);

export const executeConvert = (body: { requestId: string; quoteId: string }, opts?: CallOptions) =>
  apiPost<ConvertResult>('/xb/v1/convert/execute', body, opts);

export interface WithdrawBody {
  requestId: string;
  currency: string;
  chain: string;
  address: string;
  amount: string;
  fundPassword: string;
  code: string;
  codeChannel?: 'email' | 'sms';
  totpCode?: string;
}

export const applyWithdrawal = (body: WithdrawBody, opts?: CallOptions) =>
  apiPost<Withdrawal & { message: string }>('/xb/v1/wallet/withdraw', body, opts);

export const cancelWithdrawal = (id: number) => apiPost<Withdrawal>('/xb/v1/wallet/withdraw/cancel', { id });

/** The bank withdrawal form's body is the contract's request as it is. */
export type BankWithdrawBody = BankWithdrawRequest;

export const applyBankWithdrawal = (body: BankWithdrawBody, opts?: CallOptions) =>
  apiPost<BankWithdrawal & { message: string }>('/xb/v1/wallet/withdraw-bank', body, opts);

export const addAddress = (
  body: { currency: string; chain: string; address: string; remark?: string },
  opts?: CallOptions,
) => apiPost<SavedAddress>('/xb/v1/wallet/address/add', body, opts);

export const deleteAddress = (id: number) => apiPost<{ deleted: number }>('/xb/v1/wallet/address/delete', { id });

/** What the withdrawal form needs to know of the account: where codes go, and whether TOTP is on. */
export interface SecurityState {
  emailBound: boolean;
  phoneBound: boolean;
  fundPasswordSet: boolean;
  totpEnabled: boolean;
}

export const securityQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'security'] as const,
    queryFn: () => apiPost<SecurityState>('/xb/v1/account/security'),
  });

/**
 * Whether "Get demo funds" exists on this server: the calls are only registered on the simulated
 * chain outside production, so a 404 means "no demo funds here" (null) and the button is not shown.
 */
export const demoFundsQuery = () =>
  queryOptions({
    queryKey: walletKeys.demoFunds,
    queryFn: async (): Promise<DemoFundsStatus | null> => {
      try {
        return await apiPost<DemoFundsStatus>('/xb/v1/wallet/demo-funds/status', {}, { silent: true, noRetry: true });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    retry: false,
    refetchInterval: 60_000, // the button comes back on its own when the wait is over
  });

export const claimDemoFunds = (body: { requestId: string }, opts?: CallOptions) =>
  apiPost<DemoFundsGrant>('/xb/v1/wallet/demo-funds/claim', body, opts);

export const chainStatusQuery = () =>
  queryOptions({
    queryKey: walletKeys.chainStatus,
    queryFn: () => apiPost<{ networks: NetworkStatus[] }>('/xb/v1/wallet/chains/status', {}),
    refetchInterval: 30_000, // a network can be suspended while the page is open
  });
