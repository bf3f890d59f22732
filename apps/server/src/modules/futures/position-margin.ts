import { eq } from 'drizzle-orm';
import type { PositionMarginRequest } from '@tidemark/contract/futures';
import { isolatedMarginBounds } from '@tidemark/futures-math';
import { badRequest } from '../../platform/http/app-error.ts';
import { runOnce } from '../wallet/idempotency.ts';
import { futuresPositions } from './futures.schema.ts';
import { usdtAmount } from './futures-input.ts';
import type { FuturesScope } from './futures-scope.ts';
import { toPosition } from './risk.ts';
import { CLEARING, openPositionOf, walletOf } from './settle-fill.ts';
import { usdt } from './views.ts';

/**
 * Isolated margin added or removed within the published bounds (reference A1.4): a ledger transfer between the
 * user's futures wallet and the clearing account, applied once per requestId.
 */
export async function adjustIsolatedMargin(
  scope: FuturesScope,
  userId: number,
  body: PositionMarginRequest,
): Promise<void> {
  const b = scope.book(body.symbol);
  const amount = usdtAmount(body.amount);
  await b.run(
    async (tx) => {
      const pos = await openPositionOf(tx, userId, body.symbol);
      if (!pos) throw badRequest('NO_POSITION', 'futures.noPosition', undefined, 'symbol');
      if (pos.marginMode !== 'isolated') throw badRequest('NOT_ISOLATED', 'futures.notIsolated', undefined, 'symbol');
      const ref = `futures:${body.symbol}:position:${pos.id}`;
      b.effects.users.add(userId);
      if (body.action === 'add') {
        await scope.ledger.transfer(tx, 'futures_margin_add', walletOf(userId), CLEARING, amount, ref);
        await tx
          .update(futuresPositions)
          .set({ margin: pos.margin + amount })
          .where(eq(futuresPositions.id, pos.id));
      } else {
        const mark = b.mark;
        if (mark === null) throw badRequest('PRICE_UNAVAILABLE', 'futures.markUnavailable', { symbol: body.symbol });
        const { maxRemove } = isolatedMarginBounds({
          position: toPosition(pos),
          margin: pos.margin,
          mark,
          leverage: pos.leverage,
          available: 0n,
        });
        if (amount > maxRemove) {
          throw badRequest('MARGIN_REMOVE_TOO_MUCH', 'futures.marginRemoveTooMuch', { max: usdt(maxRemove) }, 'amount');
        }
        await scope.ledger.transfer(tx, 'futures_margin_remove', CLEARING, walletOf(userId), amount, ref);
        await tx
          .update(futuresPositions)
          .set({ margin: pos.margin - amount })
          .where(eq(futuresPositions.id, pos.id));
      }
      return { positionId: pos.id };
    },
    (fn) => runOnce(scope.ledger, userId, body.requestId, 'futures.margin', body, fn),
  );
}
