import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FuturesContract, FuturesOrder, FuturesSetting } from '@tidemark/contract/futures';
import { parseFixed } from '@tidemark/futures-math';
import { service } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { FuturesService } from '../futures/futures.service.ts';
import type { ResolvedKey } from './api-key.service.ts';
import { binanceKline } from './binance-view.ts';
import {
  BinanceError,
  illegalValue,
  invalidInterval,
  mandatory,
  notRequired,
  type AppErrorCodes,
} from './binance-error.ts';
import type { BinanceParams } from './binance-params.ts';
import {
  fapiAccount,
  fapiBalance,
  fapiBrackets,
  fapiOrder,
  fapiPosition,
  fapiPremiumIndex,
  fapiSymbol,
  fapiTicker24h,
  fapiUserTrade,
  maxNotionalAt,
} from './futures-view.ts';
import { binanceInstance, type BotApiDeps } from './binance-instance.ts';

/** Our futures refusals under the codes Binance's USDⓈ-M API uses for them (spot's table covers the rest). */
const FUTURES_CODES: AppErrorCodes = {
  UNKNOWN_CONTRACT: [-1121, 'Invalid symbol.'],
  INSUFFICIENT_BALANCE: [-2019, 'Margin is insufficient.'],
  REDUCE_ONLY_REJECTED: [-2022, 'ReduceOnly Order is rejected.'],
  NO_POSITION: [-2022, 'ReduceOnly Order is rejected.'],
  POSITION_TOO_LARGE: [-2027, 'Exceeded the maximum allowable position at current leverage.'],
  BELOW_MIN_NOTIONAL: [-4164, "Order's notional must be no smaller than the minimum (unless you choose reduce only)."],
  PRICE_OUT_OF_BAND: [-4131, 'The limit price is outside the PERCENT_PRICE filter limit.'],
  LEVERAGE_INVALID: [-4028, 'Leverage is not valid.'],
  MARGIN_MODE_LOCKED: [-4048, 'Margin type cannot be changed if there exists position.'],
  MARGIN_MODE_MISMATCH: [-2010, 'Order rejected: the position is held under the other margin type.'],
  DUPLICATE_CLIENT_ORDER_ID: [-4116, 'ClientOrderId is duplicated.'],
  PRICE_UNAVAILABLE: [-1000, 'Mark price unavailable.'],
};

/** Binance's futures kline intervals that are a fixed length: [name, ms]. */
const MINUTE = 60_000;
const FAPI_INTERVALS: Record<string, number> = {
  '1m': MINUTE,
  '3m': 3 * MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '2h': 120 * MINUTE,
  '4h': 240 * MINUTE,
  '6h': 360 * MINUTE,
  '8h': 480 * MINUTE,
  '12h': 720 * MINUTE,
  '1d': 1440 * MINUTE,
  '3d': 3 * 1440 * MINUTE,
  '1w': 7 * 1440 * MINUTE,
};
/** Weeks start on Monday (1970-01-05). */
const WEEK_ALIGN_MS = 4 * 1440 * MINUTE;

const SIDES = ['BUY', 'SELL'] as const;
const TYPES = ['LIMIT', 'MARKET'] as const;
const TIFS = ['GTC', 'IOC', 'FOK', 'GTX'] as const;
const RESP = ['ACK', 'RESULT'] as const;
const BOOL = ['true', 'false'] as const;
const MARGIN_TYPES = ['ISOLATED', 'CROSSED'] as const;
/** Order parameters of Binance's we do not serve: conditional, trailing and price-match orders. */
const UNSUPPORTED = [
  'stopPrice',
  'closePosition',
  'activationPrice',
  'callbackRate',
  'workingType',
  'priceProtect',
  'goodTillDate',
  'triggerPrice',
];

/** Whether `value` is a whole multiple of `step` (both decimal strings; more than 18 decimals never is). */
function onGrid(value: string, step: string): boolean {
  try {
    return parseFixed(value, 18) % parseFixed(step, 18) === 0n;
  } catch {
    return false;
  }
}

/**
 * /fapi: the USDⓈ-M futures subset of Binance's REST API (v1, and v2/v3 for the account, balance, positions and
 * prices) over the same futures service as the app — the same per-contract sequencer, ledger and answers after
 * the commit. Signing, permissions, weights and errors are the spot API's (binanceInstance).
 */
export function registerFuturesRest(api: FastifyInstance, deps: BotApiDeps): void {
  const { ctx } = deps;
  const { route } = binanceInstance(api, deps, FUTURES_CODES);
  const futures = () => service(ctx, 'futures');
  const contractList = () => futures().contracts();
  const contractOf = (p: BinanceParams): FuturesContract => {
    const list = contractList();
    return p.symbolIn((s) => list.find((c) => c.symbol === s));
  };
  /** One contract when `symbol` is sent (an object), else every contract (a list), as Binance answers. */
  const oneOrAll = async <T>(p: BinanceParams, f: (c: FuturesContract) => T | Promise<T>): Promise<T | T[]> => {
    if (p.has('symbol')) return f(contractOf(p));
    return Promise.all(contractList().map(f));
  };

  // ---- public market data
  route('GET', '/v1/ping', 1, 'public', () => ({}));
  route('GET', '/v1/time', 1, 'public', () => ({ serverTime: ctx.clock.now() }));
  route('GET', '/v1/exchangeInfo', 1, 'public', () => ({
    timezone: 'UTC',
    serverTime: ctx.clock.now(),
    futuresType: 'U_MARGINED',
    rateLimits: [
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: deps.limits.weightPerMinute },
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: deps.limits.ordersPer10s },
    ],
    exchangeFilters: [],
    assets: [{ asset: 'USDT', marginAvailable: true, autoAssetExchange: '0' }],
    symbols: contractList().map(fapiSymbol),
  }));
  route('GET', '/v1/depth', 5, 'public', (p) => {
    const c = contractOf(p);
    const limit = p.limit(500, 1000);
    const now = ctx.clock.now();
    // no futures depth stream yet: the snapshot's id is its time
    return { lastUpdateId: now, E: now, T: now, ...futures().depth(c.symbol, limit) };
  });
  route('GET', '/v1/klines', 5, 'public', async (p) => {
    const c = contractOf(p);
    const name = p.oneOf('interval', Object.keys(FAPI_INTERVALS), invalidInterval);
    if (!name) throw mandatory('interval');
    const ms = FAPI_INTERVALS[name]!;
    const limit = p.limit(500, 1500);
    const start = p.int('startTime', { min: 0, max: 8.64e15 });
    let end = p.int('endTime', { min: 0, max: 8.64e15 });
    // Binance counts `limit` candles forward from startTime; ours takes the latest in range, so bound the range
    if (start !== undefined && end === undefined) end = start + limit * ms - 1;
    const candles = await futures().candles(c.symbol, ms, {
      start,
      end,
      limit,
      ...(name === '1w' ? { alignMs: WEEK_ALIGN_MS } : {}),
    });
    return candles.map((k) => binanceKline(k, ms));
  });
  route('GET', '/v1/premiumIndex', 1, 'public', (p) => {
    const now = ctx.clock.now();
    const funding = new Map(
      futures()
        .fundingInfo()
        .map((f) => [f.symbol, f]),
    );
    return oneOrAll(p, (c) => fapiPremiumIndex(c, funding.get(c.symbol)!, now));
  });
  route('GET', '/v1/fundingRate', 1, 'public', async (p) => {
    const symbol = p.has('symbol') ? contractOf(p).symbol : undefined;
    const rounds = await futures().fundingRounds({
      symbol,
      startTime: p.int('startTime', { min: 0, max: 8.64e15 }),
      endTime: p.int('endTime', { min: 0, max: 8.64e15 }),
      limit: p.limit(100, 1000),
    });
    return rounds.map((r) => ({
      symbol: r.symbol,
      fundingRate: r.rate,
      fundingTime: r.fundingTime,
      markPrice: r.markPrice,
    }));
  });
  route('GET', '/v1/fundingInfo', 1, 'public', () =>
    futures()
      .fundingInfo()
      .map((f) => ({
        symbol: f.symbol,
        adjustedFundingRateCap: f.rateCap,
        adjustedFundingRateFloor: `-${f.rateCap}`,
        fundingIntervalHours: f.intervalHours,
        disclaimer: false,
      })),
  );
  route('GET', '/v1/ticker/24hr', 1, 'public', (p) =>
    oneOrAll(p, async (c) => fapiTicker24h(c.symbol, await futures().dayStats(c.symbol))),
  );
  const lastPrice = async (c: FuturesContract) => ({
    symbol: c.symbol,
    price: (await futures().dayStats(c.symbol)).last ?? '0',
    time: ctx.clock.now(),
  });
  route('GET', '/v1/ticker/price', 1, 'public', (p) => oneOrAll(p, lastPrice));
  route('GET', '/v2/ticker/price', 1, 'public', (p) => oneOrAll(p, lastPrice));
  route('GET', '/v1/ticker/bookTicker', 2, 'public', (p) =>
    oneOrAll(p, (c) => {
      const d = futures().depth(c.symbol, 1);
      const [bid, ask] = [d.bids[0], d.asks[0]];
      return {
        symbol: c.symbol,
        bidPrice: bid?.[0] ?? '0',
        bidQty: bid?.[1] ?? '0',
        askPrice: ask?.[0] ?? '0',
        askQty: ask?.[1] ?? '0',
        time: ctx.clock.now(),
      };
    }),
  );

  // ---- signed: the account, positions and settings
  const settingOf = (settings: FuturesSetting[], c: FuturesContract, defaultLeverage: number): FuturesSetting =>
    settings.find((s) => s.symbol === c.symbol) ?? {
      symbol: c.symbol,
      marginMode: 'cross',
      leverage: Math.min(defaultLeverage, c.maxLeverage),
    };
  /** Position rows: every contract (v2, zeros where none is open) or only the open ones (v3). */
  const positionRows = async (userId: number, all: boolean, only?: FuturesContract) => {
    const [account, open] = await Promise.all([futures().account(userId), futures().positions(userId, only?.symbol)]);
    const contracts = only ? [only] : contractList();
    const rows = contracts.flatMap((c) => {
      const p = open.find((x) => x.symbol === c.symbol);
      if (!p && !all) return [];
      return [fapiPosition(c, settingOf(account.settings, c, account.defaultLeverage ?? 5), p)];
    });
    return { account, rows };
  };
  route('GET', '/v1/leverageBracket', 1, 'read', (p) => oneOrAll(p, fapiBrackets));
  route('GET', '/v1/positionSide/dual', 30, 'read', () => ({ dualSidePosition: false }));
  route('GET', '/v2/account', 5, 'read', async (_p, _r, key) => {
    const { account, rows } = await positionRows(key!.userId, true);
    return fapiAccount(account, rows, ctx.clock.now(), { canTrade: key!.canTrade });
  });
  route('GET', '/v3/account', 5, 'read', async (_p, _r, key) => {
    const { account, rows } = await positionRows(key!.userId, false);
    return fapiAccount(account, rows, ctx.clock.now(), null);
  });
  const balance = async (key: ResolvedKey | null) =>
    fapiBalance(await futures().account(key!.userId), ctx.clock.now(), `u${key!.userId}`);
  route('GET', '/v2/balance', 5, 'read', (_p, _r, key) => balance(key));
  route('GET', '/v3/balance', 5, 'read', (_p, _r, key) => balance(key));
  route('GET', '/v2/positionRisk', 5, 'read', async (p, _r, key) => {
    const only = p.has('symbol') ? contractOf(p) : undefined;
    return (await positionRows(key!.userId, true, only)).rows;
  });
  route('GET', '/v3/positionRisk', 5, 'read', async (p, _r, key) => {
    const only = p.has('symbol') ? contractOf(p) : undefined;
    return (await positionRows(key!.userId, false, only)).rows;
  });
  route('POST', '/v1/leverage', 1, 'trade', async (p, _r, key) => {
    const c = contractOf(p);
    if (!p.has('leverage')) throw mandatory('leverage');
    const leverage = p.int('leverage', { min: 1, max: 125 });
    if (leverage === undefined) throw mandatory('leverage');
    const s = await futures().setLeverage(key!.userId, c.symbol, leverage);
    return { leverage: s.leverage, maxNotionalValue: maxNotionalAt(c, s.leverage), symbol: c.symbol };
  });
  route('POST', '/v1/marginType', 1, 'trade', async (p, _r, key) => {
    const c = contractOf(p);
    const type = p.oneOf('marginType', MARGIN_TYPES, () => new BinanceError(-4044, 'The margin type is invalid.'));
    if (!type) throw mandatory('marginType');
    const mode = type === 'ISOLATED' ? 'isolated' : 'cross';
    const userId = key!.userId;
    if ((await futures().setting(userId, c.symbol)).marginMode === mode)
      throw new BinanceError(-4046, 'No need to change margin type.');
    try {
      await futures().setMarginMode(userId, c.symbol, mode);
    } catch (err) {
      if (
        err instanceof AppError &&
        err.errorKey === 'MARGIN_MODE_LOCKED' &&
        futures().openOrders(userId, c.symbol).length
      )
        throw new BinanceError(-4047, 'Margin type cannot be changed if there exists open orders.');
      throw err;
    }
    return { code: 200, msg: 'success' };
  });

  // ---- signed: orders
  route('POST', '/v1/order', 1, 'trade', async (p, _r, key) => {
    const { input, tif } = orderInput(p, contractOf(p));
    const order = await futures().place(key!.userId, input);
    if (tif === 'GTX' && order.cancelReason === 'post-only-would-cross')
      throw new BinanceError(
        -5022,
        'Due to the order could not be executed as maker, the Post Only order will be rejected.',
      );
    return fapiOrder(order);
  });
  route('GET', '/v1/order', 1, 'read', async (p, _r, key) => fapiOrder(await findOrder(futures(), key!.userId, p)));
  route('DELETE', '/v1/order', 1, 'trade', async (p, _r, key) => {
    const o = await findOrder(futures(), key!.userId, p);
    return fapiOrder(await futures().cancel(key!.userId, o.id));
  });
  route('GET', '/v1/openOrders', 1, 'read', (p, _r, key) => {
    const c = p.has('symbol') ? contractOf(p) : undefined;
    return futures()
      .openOrders(key!.userId, c?.symbol)
      .sort((a, b) => a.id - b.id)
      .map((o) => fapiOrder(o));
  });
  route('DELETE', '/v1/allOpenOrders', 1, 'trade', async (p, _r, key) => {
    const c = contractOf(p);
    for (const o of futures().openOrders(key!.userId, c.symbol)) {
      try {
        await futures().cancel(key!.userId, o.id);
      } catch (err) {
        // filled or cancelled meanwhile: nothing left to cancel
        if (!(err instanceof AppError && err.errorKey === 'ORDER_NOT_OPEN')) throw err;
      }
    }
    return { code: 200, msg: 'The operation of cancel all open order is done.' };
  });
  const historyRange = (p: BinanceParams, idName: string) => ({
    symbol: contractOf(p).symbol,
    fromId: p.int(idName, { min: 1, max: Number.MAX_SAFE_INTEGER }),
    startTime: p.int('startTime', { min: 0, max: 8.64e12 }),
    endTime: p.int('endTime', { min: 0, max: 8.64e12 }),
    limit: p.limit(500, 1000),
  });
  route('GET', '/v1/allOrders', 5, 'read', async (p, _r, key) =>
    (await futures().ordersOf(key!.userId, historyRange(p, 'orderId'))).map((o) => fapiOrder(o)),
  );
  route('GET', '/v1/userTrades', 5, 'read', async (p, _r, key) => {
    const range = historyRange(p, 'fromId');
    const orderId = p.int('orderId', { min: 1, max: Number.MAX_SAFE_INTEGER });
    return (await futures().fillsOf(key!.userId, { ...range, orderId })).map(fapiUserTrade);
  });
}

async function findOrder(futures: FuturesService, userId: number, p: BinanceParams): Promise<FuturesOrder> {
  const symbol = p.symbolIn((s) => (futures.books.has(s) ? s : undefined));
  const id = p.int('orderId', { min: 1, max: Number.MAX_SAFE_INTEGER });
  const clientId = p.clientId('origClientOrderId');
  if (id === undefined && clientId === undefined) throw mandatory('orderId');
  const order = await futures.order(userId, id !== undefined ? { id } : { clientOrderId: clientId! });
  if (order.symbol !== symbol) throw new BinanceError(-2013, 'Order does not exist.');
  return order;
}

/** Binance's futures order parameters → the futures service's order, with Binance's refusals for what does not fit. */
function orderInput(p: BinanceParams, c: FuturesContract) {
  const side = p.oneOf('side', SIDES, () => new BinanceError(-1117, 'Invalid side.'));
  if (!side) throw mandatory('side');
  const type = p.oneOf('type', TYPES, () => new BinanceError(-1116, 'Invalid orderType.'));
  if (!type) throw mandatory('type');
  const tif = p.oneOf('timeInForce', TIFS, () => new BinanceError(-1115, 'Invalid timeInForce.'));
  const positionSide = p.oneOf('positionSide', ['BOTH', 'LONG', 'SHORT'], () => illegalValue('positionSide'));
  if (positionSide && positionSide !== 'BOTH')
    throw new BinanceError(-4061, "Order's position side does not match user's setting.");
  const reduceOnly = p.oneOf('reduceOnly', BOOL, () => illegalValue('reduceOnly')) === 'true';
  p.oneOf('newOrderRespType', RESP, () => illegalValue('newOrderRespType'));
  p.oneOf('selfTradePreventionMode', ['NONE'], () => illegalValue('selfTradePreventionMode'));
  p.oneOf('priceMatch', ['NONE'], () => illegalValue('priceMatch'));
  for (const unsupported of UNSUPPORTED) if (p.has(unsupported)) throw notRequired(unsupported);
  const quantity = p.decimal('quantity');
  if (quantity === undefined) throw mandatory('quantity');
  if (/^0*(\.0*)?$/.test(quantity)) throw new BinanceError(-4003, 'Quantity less than or equal to zero.');
  if (!onGrid(quantity, c.stepSize))
    throw new BinanceError(-1111, 'Precision is over the maximum defined for this asset.');
  const price = p.decimal('price');
  // without a client id each request is a new order (Binance makes one up the same way)
  const clientOrderId = p.clientId('newClientOrderId') ?? `tm-${crypto.randomUUID().replaceAll('-', '').slice(0, 30)}`;
  const common = {
    clientOrderId,
    symbol: c.symbol,
    side: side === 'BUY' ? ('buy' as const) : ('sell' as const),
    quantity,
    reduceOnly,
  };
  if (type === 'MARKET') {
    if (price !== undefined) throw notRequired('price');
    if (tif !== undefined) throw notRequired('timeInForce');
    return { tif: undefined, input: { ...common, type: 'market' as const } };
  }
  if (price === undefined) throw mandatory('price');
  if (tif === undefined) throw mandatory('timeInForce');
  if (/^0*(\.0*)?$/.test(price)) throw new BinanceError(-4001, 'Price less than 0.');
  if (!onGrid(price, c.tickSize)) throw new BinanceError(-4014, 'Price not increased by tick size.');
  return {
    tif,
    input: {
      ...common,
      type: 'limit' as const,
      price,
      ...(tif === 'GTX' ? { postOnly: true } : tif === 'GTC' ? {} : { timeInForce: tif }),
    },
  };
}
