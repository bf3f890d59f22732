import { eq } from 'drizzle-orm';
import type { FuturesPosition, StopPlRequest } from '@tidemark/contract/futures';
import { badRequest } from '../../platform/http/app-error.ts';
import { futuresPositions } from './futures.schema.ts';
import { toTicks } from './futures-input.ts';
import type { FuturesScope } from './futures-scope.ts';
import { openPositionOf } from './settle-fill.ts';
import { closeTriggerUpdate } from './stop-pl.ts';

/**
 * TP/SL of the open position (spec §5): a long's stop-loss not above the open price and take-profit not below
 * it (a short mirrored), neither one that would fire at the current mark. A stop-loss beyond the estimated
 * liquidation price (`before`, the position as the user saw it) is accepted with a warning, which is returned.
 * Each watches the mark or the last trade; a trailing stop may be set beside them (stop-pl.ts, decision 0025).
 */
export function setPositionStopPl(
  scope: FuturesScope,
  userId: number,
  body: StopPlRequest,
  before: FuturesPosition | undefined,
): Promise<string | null> {
  const b = scope.book(body.symbol);
  const c = b.contract;
  const tp = body.takeProfitPrice ? toTicks(c, body.takeProfitPrice) : null;
  const sl = body.stopLossPrice ? toTicks(c, body.stopLossPrice) : null;
  const trailingActivation = body.trailingActivationPrice ? toTicks(c, body.trailingActivationPrice) : null;
  return b.run(async (tx) => {
    const pos = await openPositionOf(tx, userId, body.symbol);
    if (!pos) throw badRequest('NO_POSITION', 'futures.noPosition', undefined, 'symbol');
    const mark = b.mark;
    if (mark === null) throw badRequest('PRICE_UNAVAILABLE', 'futures.markUnavailable', { symbol: body.symbol });
    const liquidation =
      before?.id === pos.id && before.estimatedLiquidationPrice !== null
        ? toTicks(c, before.estimatedLiquidationPrice)
        : null;
    const plan = await closeTriggerUpdate(tx, pos, mark, liquidation, {
      takeProfit: tp,
      stopLoss: sl,
      trailingActivation,
      body,
    });
    await tx
      .update(futuresPositions)
      .set({ ...plan.update, updatedAt: new Date(scope.clock.now()) })
      .where(eq(futuresPositions.id, pos.id));
    b.effects.users.add(userId);
    return plan.warning;
  });
}
