import type { KeyWithdrawal, WithdrawalStatus } from '../wallet/key-withdraw.ts';

/**
 * Binance's withdrawal status numbers for ours. Binance's 0 ("e-mail sent") has no counterpart: the
 * app confirms with codes before the application exists, and a key needs none.
 */
export const WITHDRAW_STATUS_CODES: Record<WithdrawalStatus, number> = {
  cancelled: 1,
  pending: 2, // awaiting the operator's approval
  rejected: 3,
  sent: 4, // processing: on its way on chain
  failed: 5,
  completed: 6,
};

/** "2026-11-26 16:40:00", Binance's UTC time text in the capital API. */
function binanceTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * One withdrawal in the shape of /sapi/v1/capital/withdraw/history. `amount` is what reaches the address
 * and `transactionFee` the network fee (together the amount applied for), as Binance reports them.
 */
export function binanceWithdrawal(w: KeyWithdrawal) {
  return {
    id: String(w.id),
    amount: w.receive,
    transactionFee: w.fee,
    coin: w.currency,
    status: WITHDRAW_STATUS_CODES[w.status],
    address: w.address,
    txId: w.txHash ?? '',
    applyTime: binanceTime(w.time),
    network: w.chain,
    transferType: 0,
    ...(w.clientId !== null ? { withdrawOrderId: w.clientId } : {}),
    info: w.reason ?? '',
    confirmNo: 0,
    walletType: 0,
    txKey: '',
  };
}
