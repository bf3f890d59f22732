import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '@tidemark/contract';
import { AppError } from '../../platform/http/app-error.ts';
import { t } from '../../platform/i18n/messages.ts';
import { formatUntil } from '../../platform/security/attempt-guard.ts';
import { OPERATOR_FREEZE } from '../account/account-protection.service.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { withdrawalAddresses, withdrawals } from './wallet.schema.ts';

/**
 * The account-protection checks in front of every withdrawal (docs/decisions/0012), apart from the
 * money checks so each stays readable:
 * - after a change of login password, fund password, 2FA or e-mail/phone, withdrawals (on-chain and
 *   bank) wait 24 h — whoever took over the account would change exactly those first;
 * - an on-chain withdrawal goes only to an address that is not new. An address is NOT new when the
 *   user has withdrawn to it before (an application not rejected, cancelled or failed), or when it
 *   has been in the user's address book for at least the cool-down (WITHDRAW_ADDRESS_COOLDOWN_HOURS,
 *   24 by default; 0 turns the rule off).
 * Both answer 403 with a message saying until when.
 */
export async function assertWithdrawalSafe(
  deps: WalletDeps,
  userId: number,
  locale: Locale,
  to?: { currency: string; chain: string; address: string },
): Promise<void> {
  const accounts = deps.ctx.services.account;
  const freeze = accounts ? await accounts.withdrawFreezeOf(userId) : null;
  // an operator's pause names no change and no end: the user is told to contact support
  if (freeze?.change === OPERATOR_FREEZE)
    throw new AppError(403, 'WITHDRAW_FROZEN', 'security.withdrawFrozenByOperator');
  if (freeze) {
    throw new AppError(403, 'WITHDRAW_FROZEN', 'security.withdrawFrozen', {
      until: formatUntil(freeze.until),
      change: t(locale, `security.change.${freeze.change}`),
    });
  }
  const cooldownMs = deps.ctx.config.withdrawAddressCooldownMs;
  if (!to || cooldownMs <= 0) return;
  const db = deps.ctx.db;
  const same = (column: typeof withdrawals.address | typeof withdrawalAddresses.address) =>
    sameAddress(column, to.address);
  const [used] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        eq(withdrawals.chain, to.chain),
        same(withdrawals.address),
        inArray(withdrawals.status, ['pending', 'sent', 'completed']),
      ),
    )
    .limit(1);
  if (used) return;
  const now = deps.ctx.clock.now();
  const [saved] = await db
    .select({ createdAt: withdrawalAddresses.createdAt })
    .from(withdrawalAddresses)
    .where(
      and(
        eq(withdrawalAddresses.userId, userId),
        eq(withdrawalAddresses.chain, to.chain),
        same(withdrawalAddresses.address),
      ),
    )
    .orderBy(withdrawalAddresses.createdAt)
    .limit(1);
  const hours = Math.round(cooldownMs / 3600_000);
  if (!saved) {
    throw new AppError(403, 'ADDRESS_NEW', 'security.addressNew', { hours }, 'address');
  }
  const usableAt = saved.createdAt.getTime() + cooldownMs;
  if (usableAt > now) {
    throw new AppError(
      403,
      'ADDRESS_COOLING',
      'security.addressCooling',
      { until: formatUntil(usableAt), hours },
      'address',
    );
  }
}

/** A condition that a column holds this address: EVM addresses are hex whatever their checksum casing; others are case-sensitive. */
export function sameAddress(column: typeof withdrawals.address | typeof withdrawalAddresses.address, address: string) {
  return address.startsWith('0x') ? sql`lower(${column}) = ${address.toLowerCase()}` : eq(column, address);
}
