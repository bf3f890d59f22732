import { badRequest } from '../../platform/http/app-error.ts';
import { amountOrFail, currencyOrFail, show } from './amounts.ts';
import { runOnce } from './idempotency.ts';
import type { UserWallet } from './ledger.schema.ts';
import type { WalletDeps } from './wallet-deps.ts';

export interface TransferRequest {
  requestId: string;
  currency: string;
  from: UserWallet;
  to: UserWallet;
  amount: string;
}

/** Moves a user's own funds between spot, futures and earn: one journal entry, applied once per requestId. */
export async function transfer(deps: WalletDeps, userId: number, body: TransferRequest) {
  const currency = currencyOrFail(body.currency);
  const amount = amountOrFail(body.amount, currency);
  if (body.from === body.to) throw badRequest('VALIDATION', 'wallet.sameWallet', undefined, 'to');
  return runOnce(deps.ledger, userId, body.requestId, 'transfer', body, async (tx) => {
    const { transactionId } = await deps.ledger.transfer(
      tx,
      'transfer',
      { userId, currency: currency.code, wallet: body.from },
      { userId, currency: currency.code, wallet: body.to },
      amount,
      `transfer:${body.requestId}`,
    );
    return { transactionId, currency: currency.code, from: body.from, to: body.to, amount: show(amount, currency) };
  });
}
