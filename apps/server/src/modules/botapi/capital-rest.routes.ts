import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { formatUntil } from '../../platform/security/attempt-guard.ts';
import type { WithdrawalStatus } from '../wallet/key-withdraw.ts';
import { service } from '../../platform/context.ts';
import { illegalValue, mandatory, type AppErrorCodes } from './binance-error.ts';
import { binanceInstance, type BotApiDeps } from './binance-instance.ts';
import { binanceWithdrawal, WITHDRAW_STATUS_CODES } from './capital-view.ts';

const COIN = /^[A-Za-z0-9]{1,20}$/;
const NETWORK = /^[A-Za-z0-9_-]{1,20}$/;
const ADDRESS = /^[A-Za-z0-9]{1,128}$/;
const ORDER_ID = /^[A-Za-z0-9_.:/-]{1,64}$/;
const MAX_RANGE_MS = 90 * 24 * 3600_000;

/**
 * The wallet's refusals under the codes Binance's /sapi answers for the same situation (Binance's own
 * words first; ours, in the caller's language, after them).
 */
const CAPITAL_CODES: AppErrorCodes = {
  UNKNOWN_CURRENCY: [-4018, "We don't have this asset."],
  UNKNOWN_CHAIN: [-4019, 'Current asset is not open for withdrawal.'],
  INVALID_ADDRESS: [-4033, 'Illegal address.'],
  BELOW_MINIMUM: [-4022, 'Not less than the minimum pick-up quantity.'],
  ABOVE_MAXIMUM: [-4023, 'Within 24 hours, the withdrawal exceeds the maximum amount.'],
  DAILY_LIMIT: [-4023, 'Within 24 hours, the withdrawal exceeds the maximum amount.'],
  KYC_LIMIT: [-4023, 'Within 24 hours, the withdrawal exceeds the maximum amount.'],
  KYC_REQUIRED: [-4015, 'Withdraw is limited.'],
  DEPOSIT_LOCKED: [-4015, 'Withdraw is limited.'],
  INSUFFICIENT_BALANCE: [-4026, 'You have insufficient balance.'],
  NOT_WITHDRAWABLE: [-4026, 'You have insufficient balance.'],
  WITHDRAW_FROZEN: [-4016, 'Within 24 hours after password modification, withdrawal is prohibited.'],
  ADDRESS_NEW: [-4035, 'This address is not on the whitelist. Please join and try again.'],
  ADDRESS_NOT_SAVED: [-4035, 'This address is not on the whitelist. Please join and try again.'],
  ADDRESS_COOLING: [-4036, 'The new address cannot be withdrawn to yet.'],
  REQUEST_ID_REUSED: [-4001, 'Invalid operation.'],
  WITHDRAW_KEY_WAITING: [-2015, 'Invalid API-key, IP, or permissions for action.'],
};

/**
 * /api/sapi: Binance's capital (wallet) subset — withdrawal application and history — over the same
 * withdrawal path as the app. Applying needs a key with the withdraw permission, past its start time,
 * used from an address on its allow-list.
 */
export function registerCapitalRest(api: FastifyInstance, deps: BotApiDeps): void {
  const { ctx } = deps;
  const { route } = binanceInstance(api, deps, CAPITAL_CODES);
  const wallet = () => service(ctx, 'keyWithdrawals');

  route('POST', '/v1/capital/withdraw/apply', 1, 'withdraw', async (p, request, key) => {
    // the permission starts 24 h after the key was made; the owner sees the time in the app
    if (key!.withdrawEnabledAt! > ctx.clock.now()) {
      throw new AppError(403, 'WITHDRAW_KEY_WAITING', 'botapi.withdrawWaiting', {
        time: formatUntil(key!.withdrawEnabledAt!),
      });
    }
    const coin = p.matching('coin', COIN);
    if (!coin) throw mandatory('coin');
    const network = p.matching('network', NETWORK);
    if (!network) throw mandatory('network');
    const address = p.matching('address', ADDRESS);
    if (!address) throw mandatory('address');
    const amount = p.decimal('amount');
    if (!amount) throw mandatory('amount');
    if (p.has('addressTag')) throw illegalValue('addressTag');
    // Binance makes up an id when the client sends none: such a request is not retried safely
    const clientId = p.matching('withdrawOrderId', ORDER_ID) ?? crypto.randomUUID();
    const { id } = await wallet().apply(
      key!.userId,
      { clientId, currency: coin.toUpperCase(), chain: network.toUpperCase(), address, amount },
      request.locale,
    );
    return { id: String(id) };
  });

  route('GET', '/v1/capital/withdraw/history', 10, 'read', async (p, _request, key) => {
    const coin = p.matching('coin', COIN)?.toUpperCase();
    const statusCode = p.int('status', { min: 0, max: 6 });
    const status =
      statusCode === undefined
        ? undefined
        : ((Object.entries(WITHDRAW_STATUS_CODES).find(([, c]) => c === statusCode)?.[0] ?? 'none') as
            WithdrawalStatus | 'none');
    const offset = p.int('offset', { min: 0, max: 1_000_000 }) ?? 0;
    const limit = p.limit(1000, 1000);
    const now = ctx.clock.now();
    let to = p.int('endTime', { min: 0, max: 8.64e15 });
    let from = p.int('startTime', { min: 0, max: 8.64e15 });
    // Binance's window: at most 90 days, the last 90 days when neither end is given
    if (from === undefined) from = (to ?? now) - MAX_RANGE_MS;
    if (to === undefined) to = Math.min(now, from + MAX_RANGE_MS);
    if (to < from || to - from > MAX_RANGE_MS) throw illegalValue('startTime');
    const orderId = p.matching('withdrawOrderId', ORDER_ID);
    // a status Binance has but we never use (0, "e-mail sent") matches nothing
    if (status === 'none') return [];
    const rows = await wallet().records(key!.userId, { currency: coin, status, from, to }, { offset, limit });
    return rows.filter((w) => orderId === undefined || w.clientId === orderId).map(binanceWithdrawal);
  });
}
