/**
 * The bot API's reference page, served at /api/docs/bot beside the app's OpenAPI document (whose calls
 * are JSON envelopes; the bot API's are Binance's query strings and shapes, which OpenAPI would describe
 * less usefully than a page a bot author reads once).
 */
const ENDPOINTS: Array<[method: string, path: string, security: string, weight: number, params: string]> = [
  ['GET', '/api/v3/ping', 'NONE', 1, ''],
  ['GET', '/api/v3/time', 'NONE', 1, ''],
  ['GET', '/api/v3/exchangeInfo', 'NONE', 20, 'symbol | symbols'],
  ['GET', '/api/v3/depth', 'NONE', 5, 'symbol, limit (100; at most the published depth)'],
  ['GET', '/api/v3/trades', 'NONE', 25, 'symbol, limit (500, ≤ 1000)'],
  ['GET', '/api/v3/aggTrades', 'NONE', 4, 'symbol, fromId, startTime, endTime, limit'],
  ['GET', '/api/v3/klines', 'NONE', 2, 'symbol, interval (30s 1m 5m 15m 30m 1h 2h 1d 1w), startTime, endTime, limit'],
  ['GET', '/api/v3/ticker/24hr', 'NONE', 2, 'symbol | symbols'],
  ['GET', '/api/v3/ticker/price', 'NONE', 2, 'symbol | symbols'],
  ['GET', '/api/v3/ticker/bookTicker', 'NONE', 2, 'symbol | symbols'],
  ['GET', '/api/v3/account', 'USER_DATA (read)', 20, ''],
  [
    'POST',
    '/api/v3/order',
    'TRADE',
    1,
    'symbol, side, type (LIMIT, MARKET, LIMIT_MAKER, STOP_LOSS, STOP_LOSS_LIMIT), timeInForce (GTC IOC FOK; GTC for STOP_LOSS_LIMIT), quantity, quoteOrderQty (market buy; a STOP_LOSS buy takes it instead of quantity), price, stopPrice (stops), newClientOrderId, newOrderRespType',
  ],
  [
    'POST',
    '/api/v3/order/oco',
    'TRADE',
    1,
    'symbol, side, quantity, price (the limit leg), stopPrice, stopLimitPrice + stopLimitTimeInForce (GTC; a buy needs them, a sell without them has a STOP_LOSS leg), listClientOrderId',
  ],
  ['GET', '/api/v3/orderList', 'USER_DATA (read)', 4, 'symbol, orderListId | listClientOrderId'],
  ['DELETE', '/api/v3/orderList', 'TRADE', 1, 'symbol, orderListId | listClientOrderId (cancels both legs)'],
  ['GET', '/api/v3/openOrderList', 'USER_DATA (read)', 6, ''],
  ['POST', '/api/v3/order/test', 'TRADE', 1, 'as /order; checks only'],
  ['GET', '/api/v3/order', 'USER_DATA (read)', 4, 'symbol, orderId | origClientOrderId'],
  ['DELETE', '/api/v3/order', 'TRADE', 1, 'symbol, orderId | origClientOrderId'],
  ['GET', '/api/v3/openOrders', 'USER_DATA (read)', 6, 'symbol (optional)'],
  ['DELETE', '/api/v3/openOrders', 'TRADE', 1, 'symbol'],
  ['GET', '/api/v3/allOrders', 'USER_DATA (read)', 20, 'symbol, orderId, startTime, endTime, limit'],
  ['POST', '/api/v3/userDataStream', 'USER_STREAM (key only)', 2, ''],
  ['PUT', '/api/v3/userDataStream', 'USER_STREAM (key only)', 2, 'listenKey'],
  ['DELETE', '/api/v3/userDataStream', 'USER_STREAM (key only)', 2, 'listenKey'],
  ['GET', '/api/v3/myTrades', 'USER_DATA (read)', 20, 'symbol, orderId, fromId, startTime, endTime, limit'],
  // USDT-margined perpetual futures (Binance's /fapi; one-way positions, positionSide BOTH)
  ['GET', '/api/fapi/v1/ping', 'NONE', 1, ''],
  ['GET', '/api/fapi/v1/time', 'NONE', 1, ''],
  ['GET', '/api/fapi/v1/exchangeInfo', 'NONE', 1, ''],
  ['GET', '/api/fapi/v1/depth', 'NONE', 5, 'symbol, limit (500, ≤ 1000)'],
  [
    'GET',
    '/api/fapi/v1/klines',
    'NONE',
    5,
    'symbol, interval (1m 3m 5m 15m 30m 1h 2h 4h 6h 8h 12h 1d 3d 1w), startTime, endTime, limit (500, ≤ 1500)',
  ],
  ['GET', '/api/fapi/v1/premiumIndex', 'NONE', 1, 'symbol (optional)'],
  ['GET', '/api/fapi/v1/fundingRate', 'NONE', 1, 'symbol (optional), startTime, endTime, limit (100, ≤ 1000)'],
  ['GET', '/api/fapi/v1/fundingInfo', 'NONE', 1, ''],
  ['GET', '/api/fapi/v1/ticker/24hr', 'NONE', 1, 'symbol (optional)'],
  ['GET', '/api/fapi/v1/ticker/price', 'NONE', 1, 'symbol (optional); also /api/fapi/v2/ticker/price'],
  ['GET', '/api/fapi/v1/ticker/bookTicker', 'NONE', 2, 'symbol (optional)'],
  ['GET', '/api/fapi/v1/leverageBracket', 'USER_DATA (read)', 1, 'symbol (optional)'],
  ['GET', '/api/fapi/v1/positionSide/dual', 'USER_DATA (read)', 30, 'always one-way: {"dualSidePosition": false}'],
  ['GET', '/api/fapi/v2/account', 'USER_DATA (read)', 5, 'also /api/fapi/v3/account (open positions only)'],
  ['GET', '/api/fapi/v2/balance', 'USER_DATA (read)', 5, 'also /api/fapi/v3/balance'],
  [
    'GET',
    '/api/fapi/v2/positionRisk',
    'USER_DATA (read)',
    5,
    'symbol (optional); every contract; also /api/fapi/v3/positionRisk (open positions only)',
  ],
  ['POST', '/api/fapi/v1/leverage', 'TRADE', 1, 'symbol, leverage (1–125, within the contract’s brackets)'],
  ['POST', '/api/fapi/v1/marginType', 'TRADE', 1, 'symbol, marginType (ISOLATED, CROSSED)'],
  [
    'POST',
    '/api/fapi/v1/order',
    'TRADE',
    1,
    'symbol, side, type (LIMIT, MARKET), timeInForce (GTC IOC FOK GTX; LIMIT only), quantity, price, reduceOnly, positionSide (BOTH), newClientOrderId, newOrderRespType',
  ],
  ['GET', '/api/fapi/v1/order', 'USER_DATA (read)', 1, 'symbol, orderId | origClientOrderId'],
  ['DELETE', '/api/fapi/v1/order', 'TRADE', 1, 'symbol, orderId | origClientOrderId'],
  ['GET', '/api/fapi/v1/openOrders', 'USER_DATA (read)', 1, 'symbol (optional)'],
  ['DELETE', '/api/fapi/v1/allOpenOrders', 'TRADE', 1, 'symbol'],
  ['GET', '/api/fapi/v1/allOrders', 'USER_DATA (read)', 5, 'symbol, orderId, startTime, endTime, limit'],
  ['GET', '/api/fapi/v1/userTrades', 'USER_DATA (read)', 5, 'symbol, orderId, fromId, startTime, endTime, limit'],
  // the wallet (Binance's /sapi capital subset); the app's network names (TRC20, ERC20, BTC …)
  [
    'POST',
    '/api/sapi/v1/capital/withdraw/apply',
    'USER_DATA (withdraw)',
    1,
    'coin, network, address (saved in the address book and past its cool-down), amount (fee included), withdrawOrderId (idempotent); answers {"id"}',
  ],
  [
    'GET',
    '/api/sapi/v1/capital/withdraw/history',
    'USER_DATA (read)',
    10,
    'coin, withdrawOrderId, status, offset, limit (1000), startTime, endTime (at most 90 days)',
  ],
];

const ERRORS: Array<[number, string]> = [
  [-1003, 'request weight over the limit (HTTP 429)'],
  [-1013, 'a filter refused the order: PRICE_FILTER, LOT_SIZE, NOTIONAL'],
  [-1015, 'too many new orders for this key in 10 s (HTTP 429)'],
  [-1021, 'timestamp outside recvWindow, or more than 1 s ahead of the server'],
  [-1022, 'signature not valid'],
  [-1100, 'a parameter is malformed'],
  [-1102, 'a mandatory parameter is missing'],
  [-1121, 'unknown symbol'],
  [-1131, 'recvWindow over 60000'],
  [
    -2010,
    'order rejected (insufficient balance, duplicate client id with other parameters, would take as LIMIT_MAKER, a stop that would trigger immediately, OCO prices on the wrong sides)',
  ],
  [-2011, 'nothing to cancel; order list does not exist'],
  [-2013, 'order does not exist'],
  [-2014, 'API-key header missing or malformed (HTTP 401)'],
  [-2015, 'unknown or disabled key, address outside its allow-list, or missing permission (HTTP 401)'],
  [-1111, 'futures: quantity off the contract’s step'],
  [-2019, 'futures: margin is insufficient'],
  [-2022, 'futures: reduce-only order refused (no position, or it would open or flip one)'],
  [-2027, 'futures: position too large for the leverage (the contract’s brackets)'],
  [-4003, 'futures: quantity zero'],
  [-4001, 'withdraw: withdrawOrderId reused with other parameters'],
  [-4015, 'withdraw: identity not verified, or deposits not yet withdrawable'],
  [-4016, 'withdraw: paused for 24 h after a change of password, fund password, 2FA, e-mail or phone'],
  [-4018, 'withdraw: unknown coin'],
  [-4019, 'withdraw: network not offered for the coin'],
  [-4022, 'withdraw: below the minimum'],
  [-4023, 'withdraw: above the maximum per withdrawal, per day or of the KYC level'],
  [-4026, 'withdraw: insufficient withdrawable balance'],
  [-4033, 'withdraw: address not valid for the network'],
  [-4035, 'withdraw: address not in the address book'],
  [-4036, 'withdraw: address saved too recently (the new-address cool-down)'],
  [-4014, 'futures: price off the contract’s tick'],
  [-4028, 'futures: leverage not valid for the contract'],
  [-4044, 'futures: margin type not ISOLATED or CROSSED'],
  [-4046, 'futures: no need to change margin type'],
  [-4047, 'futures: margin type cannot change with open orders'],
  [-4048, 'futures: margin type cannot change with a position'],
  [-4061, 'futures: positionSide other than BOTH (positions are one-way)'],
  [-4116, 'futures: the client order id was used with other parameters'],
  [-4131, 'futures: limit price more than 5 % from the mark price (PERCENT_PRICE)'],
  [-4164, 'futures: order value below the contract’s minimum (reduce-only orders excepted)'],
  [-5022, 'futures: a GTX (post-only) order would have taken'],
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function botDocsHtml(): string {
  const rows = ENDPOINTS.map(
    ([m, p, s, w, q]) => `<tr><td>${m}</td><td><code>${p}</code></td><td>${s}</td><td>${w}</td><td>${esc(q)}</td></tr>`,
  ).join('\n');
  const errors = ERRORS.map(([c, d]) => `<tr><td>${c}</td><td>${esc(d)}</td></tr>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tidemark bot API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
pre{background:#f4f4f4;padding:1rem;overflow:auto}</style></head><body>
<h1>Tidemark bot API</h1>
<p>A Binance-compatible subset: the same paths, parameters, JSON shapes, error codes and signing, so that clients
written for Binance (ccxt's <code>binance</code> and <code>binanceusdm</code> classes among them) work with only the
URL changed. Spot is under <code>/api/v3</code>, USDT-margined futures under <code>/api/fapi</code>. Orders go through
the same matching engines and ledger as the app. The app's own API is documented at <a href="/api/docs">/api/docs</a>.</p>
<h2>Keys and signing</h2>
<p>Create a key in the app (Me → API) or with <code>npm run apikey:create -- --user &lt;id|email&gt; --permissions read,trade</code>.
The secret is shown once. Send the key in <code>X-MBX-APIKEY</code>. A signed request (USER_DATA, TRADE) adds
<code>timestamp</code> (epoch ms), optionally <code>recvWindow</code> (default 5000, at most 60000), and
<code>signature</code> = hex HMAC-SHA256(secret, query string + form body). Requests more than 1 s ahead of the
server's clock or older than their window are refused, so a captured request cannot be replayed later.</p>
<p>Permissions: <code>read</code> always, <code>trade</code> and <code>withdraw</code> on request. A key gets
<code>withdraw</code> only in the app, only with an IP allow-list and advanced identity verification, and it works
from 24 hours after the key was created (<code>withdrawEnabledAt</code> in the key list). A key withdraws only to
an address saved in the app's address book that has passed the new-address cool-down; every other withdrawal rule
(limits, KYC limits, locked deposits, the pause after a security change, the operator's review) applies as in the app.</p>
<h2>Endpoints</h2>
<table><tr><th>method</th><th>path</th><th>security</th><th>weight</th><th>parameters</th></tr>
${rows}</table>
<p>Weight used is returned in <code>X-MBX-USED-WEIGHT-1M</code> (per IP per minute); orders in
<code>X-MBX-ORDER-COUNT-10S</code> (per key).</p>
<h2>Errors</h2>
<p>Every error is <code>{"code": &lt;negative code&gt;, "msg": "…"}</code>.</p>
<table><tr><th>code</th><th>meaning</th></tr>
${errors}</table>
<h2>Differences from Binance</h2>
<ul><li>Fees are charged in USDT on buys and sells; a buy freezes its cost plus the highest fee it could pay.</li>
<li>Klines carry no taker-buy volumes ("0"); <code>30s</code> is an extra interval; each aggTrade is one trade.</li>
<li>Market orders trade within the protection band around the best price; the rest expires.</li>
<li>Stops (<code>STOP_LOSS</code>, <code>STOP_LOSS_LIMIT</code>, OCO) trigger on the market's last trade: a buy stop
above it, a sell stop below it; one already crossed is refused (-2010). <code>TAKE_PROFIT</code> types are not
served (-1116). A stop freezes what its order needs when it is placed; a <code>STOP_LOSS</code> buy is given as
<code>quoteOrderQty</code> (USDT to spend). A waiting stop is listed by <code>openOrders</code> with
<code>isWorking: false</code> under an order id above 10<sup>15</sup>; once fired it reads as the order it placed.
An OCO's <code>orderListId</code> is its stop's id.</li>
<li>Futures: positions are one-way (<code>positionSide</code> BOTH); LIMIT and MARKET orders only (no stop, take-profit
or trailing orders: set TP/SL in the app); orders are priced within 5 % of the mark price; fees, margin and P&amp;L are in
USDT. <code>lastFundingRate</code> is, as on Binance, the rate the next settlement would apply now. The depth's
<code>lastUpdateId</code> is its time (there is no futures depth stream yet). Auto-deleverage fills are not listed
in <code>userTrades</code>.</li>
<li>Not yet served: <code>/sapi</code>, futures streams, futures income history.</li></ul>
<h2>Streams</h2>
<p><code>/ws/&lt;stream&gt;</code> or <code>/stream?streams=a/b</code> (events wrapped as <code>{stream, data}</code>); streams
<code>&lt;symbol&gt;@trade</code>, <code>@aggTrade</code>, <code>@depth</code>, <code>@bookTicker</code>, <code>@ticker</code>,
<code>@kline_&lt;interval&gt;</code>; messages SUBSCRIBE, UNSUBSCRIBE, LIST_SUBSCRIPTIONS. <code>/ws/&lt;listenKey&gt;</code> streams the key owner's
<code>executionReport</code> and <code>outboundAccountPosition</code> events. To keep a local book: open
<code>@depth</code>, read <code>GET /api/v3/depth</code>, drop events with <code>u</code> ≤ its <code>lastUpdateId</code>; each
following event's <code>U</code> is the previous <code>u</code> + 1 (a jump means a lost event: read the snapshot again).</p>
<h2>ccxt</h2>
<pre>import ccxt from 'ccxt';
const ex = new ccxt.binance({
  apiKey, secret,
  // spot only: no futures, margin or currency lists from endpoints this server does not serve
  options: { fetchMarkets: { types: ['spot'] }, fetchMargins: false, fetchCurrencies: false },
});
ex.urls.api.public = ex.urls.api.private = 'https://your-exchange.example/api/v3';
await ex.loadMarkets();
await ex.createLimitOrder('BTC/USDT', 'buy', 0.001, 45000);

// USDT-margined futures
const fx = new ccxt.binanceusdm({ apiKey, secret, options: { fetchCurrencies: false } });
for (const v of ['', 'V2', 'V3']) {
  const url = 'https://your-exchange.example/api/fapi/v' + (v ? v.slice(1) : '1');
  fx.urls.api['fapiPublic' + v] = fx.urls.api['fapiPrivate' + v] = url;
}
await fx.setLeverage(10, 'BTC/USDT:USDT');
await fx.createOrder('BTC/USDT:USDT', 'market', 'buy', 0.01);
await fx.createOrder('BTC/USDT:USDT', 'market', 'sell', 0.01, undefined, { reduceOnly: true });</pre>
</body></html>`;
}
