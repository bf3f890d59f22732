import { and, eq } from 'drizzle-orm';
import type { FuturesSetting } from '@tidemark/contract/futures';
import { checkLeverage } from '@tidemark/futures-math';
import type { Db } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import { futuresPositions, futuresSettings } from './futures.schema.ts';
import type { FuturesScope } from './futures-scope.ts';
import { openPositionOf } from './settle-fill.ts';

/** A user's margin mode and leverage for one contract; cross at the default leverage until they set one. */
export async function settingOf(
  scope: FuturesScope,
  userId: number,
  symbol: string,
  db: Db = scope.db,
): Promise<FuturesSetting> {
  const c = scope.book(symbol).contract;
  const [row] = await db
    .select()
    .from(futuresSettings)
    .where(and(eq(futuresSettings.userId, userId), eq(futuresSettings.symbol, symbol)));
  return row
    ? { symbol, marginMode: row.marginMode, leverage: row.leverage }
    : { symbol, marginMode: 'cross', leverage: Math.min(scope.defaultLeverage, c.maxLeverage) };
}

async function saveSetting(scope: FuturesScope, tx: Db, userId: number, s: FuturesSetting): Promise<void> {
  const now = new Date(scope.clock.now());
  await tx
    .insert(futuresSettings)
    .values({ userId, symbol: s.symbol, marginMode: s.marginMode, leverage: s.leverage, updatedAt: now })
    .onConflictDoUpdate({
      target: [futuresSettings.userId, futuresSettings.symbol],
      set: { marginMode: s.marginMode, leverage: s.leverage, updatedAt: now },
    });
}

/**
 * Leverage for new orders, bounded by the tier of the position's current notional (reference A1.3); an open
 * position takes it too. Runs in the contract's sequencer.
 */
export function changeLeverage(
  scope: FuturesScope,
  userId: number,
  symbol: string,
  leverage: number,
): Promise<FuturesSetting> {
  const b = scope.book(symbol);
  return b.run(async (tx) => {
    const pos = await openPositionOf(tx, userId, symbol);
    const notional = pos ? pos.qtyLots * (b.mark ?? 0n) : 0n;
    const err = checkLeverage(b.contract, leverage, notional);
    if (err === 'leverageInvalid')
      throw badRequest('LEVERAGE_INVALID', 'futures.leverageInvalid', undefined, 'leverage');
    if (err) throw badRequest('POSITION_TOO_LARGE', 'futures.positionTooLarge', undefined, 'leverage');
    const s = { ...(await settingOf(scope, userId, symbol, tx)), leverage };
    await saveSetting(scope, tx, userId, s);
    b.effects.users.add(userId);
    if (pos) await tx.update(futuresPositions).set({ leverage }).where(eq(futuresPositions.id, pos.id));
    return s;
  });
}

/** Cross or isolated; locked while the user holds a position or an open order in the contract. */
export function changeMarginMode(
  scope: FuturesScope,
  userId: number,
  symbol: string,
  marginMode: 'cross' | 'isolated',
): Promise<FuturesSetting> {
  const b = scope.book(symbol);
  return b.run(async (tx) => {
    const current = await settingOf(scope, userId, symbol, tx);
    if (current.marginMode === marginMode) return current;
    if ((await openPositionOf(tx, userId, symbol)) || b.hasOpenOrders(userId)) {
      throw badRequest('MARGIN_MODE_LOCKED', 'futures.marginModeLocked', undefined, 'marginMode');
    }
    const s = { ...current, marginMode };
    await saveSetting(scope, tx, userId, s);
    b.effects.users.add(userId);
    return s;
  });
}
