import type { StopPlRequest } from '@tidemark/contract/futures';
import { parseFixed, triggerPrice, type TriggerSource } from '@tidemark/futures-math';
import type { Db } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import { lastTradeTicks } from './close-triggers.ts';
import { validateTpSl, type TpSlError } from './domain/tpsl.ts';
import type { PositionRow } from './futures.schema.ts';
import { toPosition } from './risk.ts';

/**
 * What a stop-pl/set request writes into the open position (decision 0025): TP and SL with the price each
 * watches, validated against that price (one that would fire at once is refused), and the trailing stop.
 */

const TPSL_MESSAGES: Record<TpSlError, string> = {
  noPosition: 'futures.noPosition',
  priceInvalid: 'spot.decimalInvalid',
  stopLossAboveOpenPrice: 'futures.stopLossAboveOpen',
  stopLossBelowOpenPrice: 'futures.stopLossBelowOpen',
  takeProfitBelowOpenPrice: 'futures.takeProfitBelowOpen',
  takeProfitAboveOpenPrice: 'futures.takeProfitAboveOpen',
  stopLossWouldTriggerNow: 'futures.stopWouldTrigger',
  takeProfitWouldTriggerNow: 'futures.stopWouldTrigger',
};

export interface CloseTriggerInput {
  takeProfit: bigint | null;
  stopLoss: bigint | null;
  trailingActivation: bigint | null;
  body: StopPlRequest;
}

export async function closeTriggerUpdate(
  tx: Db,
  pos: PositionRow,
  mark: bigint,
  liquidation: bigint | null,
  input: CloseTriggerInput,
) {
  const { body, takeProfit: tp, stopLoss: sl, trailingActivation } = input;
  const tpTrigger: TriggerSource = body.takeProfitTrigger ?? 'mark';
  const slTrigger: TriggerSource = body.stopLossTrigger ?? 'mark';
  const trailTrigger: TriggerSource = body.trailingTrigger ?? 'mark';
  const callback = body.trailingCallbackRate ? Number(parseFixed(body.trailingCallbackRate, 2)) : null;
  const needsLast =
    (tp !== null && tpTrigger === 'last') ||
    (sl !== null && slTrigger === 'last') ||
    (callback !== null && trailTrigger === 'last');
  const last = needsLast ? await lastTradeTicks(tx, pos.symbol) : null;
  const priceFor = (source: TriggerSource, field: string) => {
    const p = triggerPrice(source, mark, last);
    if (p === null) throw badRequest('PRICE_UNAVAILABLE', 'futures.lastPriceUnavailable', undefined, field);
    return p;
  };
  const position = toPosition(pos);
  // each order is checked against the price it watches
  const slCheck =
    sl === null
      ? null
      : validateTpSl({
          position,
          mark: priceFor(slTrigger, 'stopLossTrigger'),
          liquidation,
          takeProfit: null,
          stopLoss: sl,
        });
  const tpCheck =
    tp === null
      ? null
      : validateTpSl({
          position,
          mark: priceFor(tpTrigger, 'takeProfitTrigger'),
          liquidation,
          takeProfit: tp,
          stopLoss: null,
        });
  const first = slCheck?.errors[0] ?? tpCheck?.errors[0];
  if (first) {
    const field = first.startsWith('stopLoss')
      ? 'stopLossPrice'
      : first.startsWith('takeProfit')
        ? 'takeProfitPrice'
        : 'symbol';
    throw badRequest('STOP_PRICE_INVALID', TPSL_MESSAGES[first], undefined, field);
  }
  // a trailing stop that is set again unchanged keeps its watermark; a new one starts from the price now
  // (or waits for its activation price)
  const unchanged =
    callback !== null &&
    callback === pos.trailCallback &&
    trailingActivation === pos.trailActivationTicks &&
    trailTrigger === pos.trailTrigger;
  const watermark =
    callback === null
      ? null
      : unchanged
        ? pos.trailWatermarkTicks
        : trailingActivation === null
          ? priceFor(trailTrigger, 'trailingTrigger')
          : null;
  return {
    update: {
      takeProfitTicks: tp,
      stopLossTicks: sl,
      tpTrigger,
      slTrigger,
      trailCallback: callback,
      trailTrigger,
      trailActivationTicks: callback === null ? null : trailingActivation,
      trailWatermarkTicks: watermark,
    },
    warning: slCheck?.warnings[0] ? `futures.${slCheck.warnings[0]}` : null,
  };
}
