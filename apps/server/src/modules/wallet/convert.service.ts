import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { applyRate, feeOf, formatUnits, mulDiv, parseRate, parseUnits, pow10 } from '@tidemark/contract/money';
import { AppError, badRequest, notFound } from '../../platform/http/app-error.ts';
import { PRICE_SCALE } from '../market/instruments.ts';
import { amountOrFail, currencyOrFail, show } from './amounts.ts';
import { runOnce } from './idempotency.ts';
import { InsufficientBalance } from './ledger.service.ts';
import { convertOrders, convertQuotes } from './wallet.schema.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { newestFirstPage } from '../common/newest-first-page.ts';

const RATE_DECIMALS = 18;

/**
 * Convert one currency into another at the index price, with a published spread and fee. The
 * platform's convert desk (a system account holding platform capital) is the counterparty.
 *   gross     = amount × price(from) / price(to)             (rounded down)
 *   afterSpread = gross × (1 − spread)                      (rounded down)
 *   fee       = afterSpread × feeRate                       (rounded up: the platform's favour, ≤ 1 unit)
 *   received  = afterSpread − fee
 * A quote holds for CONVERT_QUOTE_SECONDS; executing it later is refused.
 */
export async function quote(deps: WalletDeps, userId: number, body: { from: string; to: string; amount: string }) {
  const from = currencyOrFail(body.from, 'from');
  const to = currencyOrFail(body.to, 'to');
  if (from.code === to.code) throw badRequest('VALIDATION', 'convert.sameCurrency', undefined, 'to');
  const amount = amountOrFail(body.amount, from);
  const { min, max } = deps.config.convert;
  if (amount < parseUnits(min, from.scale, 'ceil') || amount > parseUnits(max, from.scale, 'floor')) {
    throw badRequest('VALIDATION', 'convert.amountRange', { min, max }, 'amount');
  }
  const pFrom = deps.prices.usdtPriceUnits(from.code);
  const pTo = deps.prices.usdtPriceUnits(to.code);
  const gross = mulDiv(amount * pFrom, pow10(to.scale), pow10(from.scale) * pTo, 'floor');
  const spread = parseRate(deps.config.convert.spread);
  const afterSpread = applyRate(gross, spread, -1, 'floor');
  const fee = feeOf(afterSpread, parseRate(deps.config.convert.feeRate));
  const received = afterSpread - fee;
  if (received <= 0n) throw badRequest('VALIDATION', 'convert.tooSmall', undefined, 'amount');
  // prices as decimals of `to` per one `from`
  const indexPrice = formatUnits(mulDiv(pFrom, pow10(RATE_DECIMALS), pTo, 'floor'), RATE_DECIMALS);
  const rate = formatUnits(
    mulDiv(received * pow10(from.scale), pow10(RATE_DECIMALS), amount * pow10(to.scale), 'floor'),
    RATE_DECIMALS,
  );
  const now = deps.ctx.clock.now();
  const id = crypto.randomUUID();
  const expiresAt = now + deps.config.convert.quoteMs;
  await deps.ctx.db.insert(convertQuotes).values({
    id,
    userId,
    fromCurrency: from.code,
    toCurrency: to.code,
    fromAmount: amount,
    toAmount: received,
    fee,
    indexPrice,
    rate,
    demo: deps.prices.demo,
    expiresAt: new Date(expiresAt),
    createdAt: new Date(now),
  });
  return {
    quoteId: id,
    from: from.code,
    to: to.code,
    amount: show(amount, from),
    indexPrice,
    spread: deps.config.convert.spread,
    feeRate: deps.config.convert.feeRate,
    fee: show(fee, to),
    receive: show(received, to),
    rate,
    validSeconds: Math.round(deps.config.convert.quoteMs / 1000),
    expiresAt,
    demo: deps.prices.demo,
    priceScale: PRICE_SCALE,
  };
}

export async function execute(deps: WalletDeps, userId: number, body: { requestId: string; quoteId: string }) {
  return runOnce(deps.ledger, userId, body.requestId, 'convert', body, async (tx) => {
    const [q] = await tx
      .select()
      .from(convertQuotes)
      .where(and(eq(convertQuotes.id, body.quoteId), eq(convertQuotes.userId, userId)));
    if (!q) throw notFound('convert.quoteNotFound');
    if (deps.ctx.clock.now() > q.expiresAt.getTime())
      throw badRequest('QUOTE_EXPIRED', 'convert.quoteExpired', undefined, 'quoteId');
    const fromAmount = BigInt(q.fromAmount);
    const toAmount = BigInt(q.toAmount);
    const fee = BigInt(q.fee);
    let transactionId: number;
    try {
      ({ transactionId } = await deps.ledger.post(tx, {
        kind: 'convert',
        reference: `quote:${q.id}`,
        movements: [
          { account: { userId, currency: q.fromCurrency, wallet: 'spot' }, available: -fromAmount },
          { account: { system: 'convert_desk', currency: q.fromCurrency }, available: fromAmount },
          { account: { system: 'convert_desk', currency: q.toCurrency }, available: -(toAmount + fee) },
          { account: { userId, currency: q.toCurrency, wallet: 'spot' }, available: toAmount },
          { account: { system: 'fees', currency: q.toCurrency }, available: fee },
        ],
      }));
    } catch (err) {
      // the desk short of inventory is not the user's balance problem
      if (err instanceof InsufficientBalance && err.account && 'system' in err.account) {
        throw new AppError(503, 'CONVERT_UNAVAILABLE', 'convert.liquidity');
      }
      throw err;
    }
    // a quote converts once: a second execution (another requestId) hits the unique quote_id
    const inserted = await tx
      .insert(convertOrders)
      .values({
        userId,
        quoteId: q.id,
        fromCurrency: q.fromCurrency,
        toCurrency: q.toCurrency,
        fromAmount,
        toAmount,
        fee,
        rate: q.rate,
        transactionId,
        createdAt: new Date(deps.ctx.clock.now()),
      })
      .onConflictDoNothing()
      .returning({ id: convertOrders.id });
    if (!inserted.length) throw badRequest('QUOTE_USED', 'convert.quoteExpired', undefined, 'quoteId');
    return {
      orderId: inserted[0]!.id,
      from: q.fromCurrency,
      to: q.toCurrency,
      amount: show(fromAmount, q.fromCurrency),
      receive: show(toAmount, q.toCurrency),
      fee: show(fee, q.toCurrency),
      rate: formatUnits(parseUnits(q.rate, RATE_DECIMALS), RATE_DECIMALS),
      demo: q.demo,
    };
  });
}

export async function convertRecords(deps: WalletDeps, userId: number, page: number, size: number) {
  const where = eq(convertOrders.userId, userId);
  const { total, rows } = await newestFirstPage(deps.ctx.db, convertOrders, where, { page, size });
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      from: r.fromCurrency,
      to: r.toCurrency,
      amount: show(BigInt(r.fromAmount), r.fromCurrency),
      receive: show(BigInt(r.toAmount), r.toCurrency),
      fee: show(BigInt(r.fee), r.toCurrency),
      rate: formatUnits(parseUnits(r.rate, RATE_DECIMALS), RATE_DECIMALS),
      time: r.createdAt.getTime(),
    })),
  };
}
