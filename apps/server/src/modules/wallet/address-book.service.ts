import { and, count, desc, eq } from 'drizzle-orm';
import { badRequest, notFound } from '../../platform/http/app-error.ts';
import { isValidAddress } from './addresses.ts';
import { currencyOrFail } from './amounts.ts';
import { chainOrFail } from './deposit.service.ts';
import { ADDRESS_BOOK_MAX } from './wallet.config.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { withdrawalAddresses } from './wallet.schema.ts';

/** An address-book entry as the app shows it. */
function addressView(r: typeof withdrawalAddresses.$inferSelect) {
  return {
    id: r.id,
    currency: r.currency,
    chain: r.chain,
    address: r.address,
    remark: r.remark,
    time: r.createdAt.getTime(),
  };
}

/** The withdrawal address book (/mine/coinAddress): checked like a withdrawal address when added. */
export async function listAddresses(deps: WalletDeps, userId: number, currency?: string) {
  const conds = [eq(withdrawalAddresses.userId, userId)];
  if (currency) conds.push(eq(withdrawalAddresses.currency, currency));
  const rows = await deps.ctx.db
    .select()
    .from(withdrawalAddresses)
    .where(and(...conds))
    .orderBy(desc(withdrawalAddresses.id));
  return { items: rows.map(addressView) };
}

export async function addAddress(
  deps: WalletDeps,
  userId: number,
  body: { currency: string; chain: string; address: string; remark?: string | undefined },
) {
  const currency = currencyOrFail(body.currency);
  const chain = chainOrFail(currency, body.chain);
  if (!isValidAddress(chain.format, body.address))
    throw badRequest('INVALID_ADDRESS', 'withdraw.invalidAddress', { chain: chain.chain }, 'address');
  const [n] = await deps.ctx.db
    .select({ n: count() })
    .from(withdrawalAddresses)
    .where(eq(withdrawalAddresses.userId, userId));
  if (Number(n?.n ?? 0) >= ADDRESS_BOOK_MAX)
    throw badRequest('ADDRESS_BOOK_FULL', 'address.full', { max: ADDRESS_BOOK_MAX });
  const rows = await deps.ctx.db
    .insert(withdrawalAddresses)
    .values({
      userId,
      currency: currency.code,
      chain: chain.chain,
      address: body.address,
      remark: body.remark ?? '',
      createdAt: new Date(deps.ctx.clock.now()),
    })
    .onConflictDoNothing()
    .returning();
  if (!rows.length) throw badRequest('DUPLICATE', 'address.duplicate', undefined, 'address');
  return addressView(rows[0]!);
}

/** Deletes one of the user's own addresses (the screen confirms first); another user's id is "not found". */
export async function deleteAddress(deps: WalletDeps, userId: number, id: number) {
  const rows = await deps.ctx.db
    .delete(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, userId)))
    .returning({ id: withdrawalAddresses.id });
  if (!rows.length) throw notFound('address.notFound');
  return { deleted: id };
}
