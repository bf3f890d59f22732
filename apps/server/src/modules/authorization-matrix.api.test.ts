import { service } from '../platform/context.ts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { OPERATOR_ROLES } from './operator/operator.schema.ts';
import { sessions } from '../platform/session/session.schema.ts';
import { earnHarness } from './earn/earn.test-helpers.ts';
import { FUND_PASSWORD, rid, TRON_ADDRESS, withdrawBody } from './wallet/wallet.test-helpers.ts';
import { schemaLeaves } from '../testing/schema-walk.ts';
import { serverForSuite } from '../testing/test-server.ts';
import type { RouteEntry } from '../platform/http/route-table.ts';

/**
 * Who may reach what, generated from the route table:
 * - every back-office route refuses a user's token, and every operator whose roles lie outside the
 *   route's area;
 * - every signed-in route that takes an id (a row id, a file id, a client request id) is tried by
 *   user B with user A's id: it never succeeds, and A's resource is unchanged afterwards.
 * A new route that takes an id fails the last test until it has a case below (or is declared as
 * taking only public ids).
 */

/** Field names that address a resource (ids of rows and files, and the client ids that make a command idempotent). */
const ID_FIELD = /(^id$|Id$|^images$|Photo$)/;

let h: ReturnType<typeof earnHarness>;
const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));

type User = { id: number; token: string; email: string | null };
let a: User;
let b: User;
/** A's resources, created through the API as A would. */
const own = {
  sessionId: 0,
  ticketId: 0,
  fileId: '',
  addressId: 0,
  spotOrderId: 0,
  spotClientOrderId: rid('so'),
  spotStopId: 0,
  spotStopClientOrderId: rid('ss'),
  futuresOrderId: 0,
  futuresClientOrderId: rid('fo'),
  withdrawalId: 0,
  withdrawalRequestId: rid('wd'),
  transferRequestId: rid('tr'),
  quoteId: '',
  earnOrderId: 0,
  earnRequestId: rid('es'),
  cycleOrderId: 0,
  cycleRequestId: rid('cy'),
  demoFundsRequestId: rid('df'),
  demoFundsTransactionId: 0,
  apiKeyId: 0,
  alertId: 0,
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
let cycleTerms = '';
let futuresPrice = '';

/** A call that must succeed while setting up A's resources. */
/** A's cycle purchase, on the terms of the quote A was given. */
const cycleBuy = () => ({
  requestId: own.cycleRequestId,
  instrument: 'BTCUSDT',
  period: 60,
  direction: 'up',
  stake: '100',
  acceptRisk: true,
  terms: cycleTerms,
});

/** An ETH stop buy above the last trade (2000), so that it waits. */
const waitingStop = {
  symbol: 'ETHUSDT',
  side: 'buy',
  type: 'stop_limit',
  stopPrice: '2100',
  price: '2100',
  quantity: '0.01',
};

/** A small BTCUSDT limit buy priced under the market, so that it rests on the book (spot and futures alike). */
const restingBuy = (clientOrderId: string, price: string) => ({
  clientOrderId,
  symbol: 'BTCUSDT',
  side: 'buy',
  type: 'limit',
  price,
  quantity: '0.01',
});

async function setUp(path: string, body: unknown, token: string) {
  const res = await server.api(path, body, { token });
  if (res.status !== 200) throw new Error(`${path} failed while setting up: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const server = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
beforeAll(async () => {
  h = earnHarness(server, clock);
  await h.init();
  // the KYC service stands in a map (wallet harness); cycle contracts also ask for the country
  service(server.built.ctx, 'kyc').countryOf = async () => null;
  const finance = (await server.createOperator(['finance'])).token;
  await setUp('/admin/cycle/pool/fund', { amount: '100000', memo: 'pool for the matrix' }, finance);
  a = await h.user({ kyc: 'advanced' });
  b = await h.user({ kyc: 'advanced' });
  await h.deposit(a.id, 'USDT', 'TRC20', '20000');
  h.stubCodes();

  own.sessionId = (
    await server.built.ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.principalKind, 'user'), eq(sessions.principalId, a.id)))
  )[0]!.id;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'photo.png');
  const up = await fetch(`${server.url}/api/xb/v1/common/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: a.token },
  });
  own.fileId = ((await up.json()) as { data: { fileId: string } }).data.fileId;
  own.ticketId = (await setUp('/xb/v1/support/ticket/create', { title: 'Mine', content: 'A ticket of A' }, a.token)).id;
  own.addressId = (
    await setUp(
      '/xb/v1/wallet/address/add',
      { currency: 'USDT', chain: 'TRC20', address: TRON_ADDRESS, remark: 'A' },
      a.token,
    )
  ).id;
  own.spotOrderId = (await setUp('/xb/v1/spot/order/place', restingBuy(own.spotClientOrderId, '1000'), a.token)).id;
  // a stop of A's waits on a last price: two other users trade ETH once first
  const [c, d] = [await server.createUser(), await server.createUser()];
  await server.fund(c.id, 'ETH', 100_000_000n);
  await server.fund(d.id, 'USDT', 10_000_000_000n);
  const eth = { symbol: 'ETHUSDT', type: 'limit', price: '2000', quantity: '0.01' };
  await setUp('/xb/v1/spot/order/place', { ...eth, clientOrderId: rid('m'), side: 'sell' }, c.token);
  await setUp('/xb/v1/spot/order/place', { ...eth, clientOrderId: rid('t'), side: 'buy' }, d.token);
  own.spotStopId = (
    await setUp('/xb/v1/spot/stop/place', { ...waitingStop, clientOrderId: own.spotStopClientOrderId }, a.token)
  ).id;
  await setUp(
    '/xb/v1/wallet/transfer',
    { requestId: own.transferRequestId, currency: 'USDT', from: 'spot', to: 'futures', amount: '5000' },
    a.token,
  );
  // a resting buy a little under the mark price: inside the price band, never filled
  // the first mark price comes with the first mark tick after start-up
  let mark: string | null = null;
  for (let i = 0; i < 100 && mark === null; i++) {
    const contracts = await setUp('/xb/v1/futures/contracts', {}, a.token);
    mark = contracts.find((c: { symbol: string }) => c.symbol === 'BTCUSDT').markPrice as string | null;
    if (mark === null) await new Promise((r) => setTimeout(r, 200));
  }
  if (mark === null) throw new Error('no futures mark price after 20 s');
  futuresPrice = ((BigInt(mark.split('.')[0]!) * 96n) / 100n).toString();
  own.futuresOrderId = (
    await setUp('/xb/v1/futures/order/place', restingBuy(own.futuresClientOrderId, futuresPrice), a.token)
  ).id;
  own.withdrawalId = (
    await setUp('/xb/v1/wallet/withdraw', withdrawBody({ requestId: own.withdrawalRequestId }), a.token)
  ).id;
  own.quoteId = (await setUp('/xb/v1/convert/quote', { from: 'USDT', to: 'BTC', amount: '100' }, a.token)).quoteId;
  const plans = await setUp('/xb/v1/earn/plans', {}, a.token);
  const usdtPlan = plans.items.find((p: { currency: string }) => p.currency === 'USDT');
  own.earnOrderId = (
    await setUp(
      '/xb/v1/earn/subscribe',
      {
        requestId: own.earnRequestId,
        planId: usdtPlan.id,
        amount: '100',
        wallet: 'spot',
        fundPassword: FUND_PASSWORD,
      },
      a.token,
    )
  ).id;
  own.demoFundsTransactionId = (
    await setUp('/xb/v1/wallet/demo-funds/claim', { requestId: own.demoFundsRequestId }, a.token)
  ).transactionId;
  own.apiKeyId = (
    await setUp(
      '/xb/v1/botapi/keys/create',
      { label: 'bot', permissions: ['read', 'trade'], fundPassword: FUND_PASSWORD },
      a.token,
    )
  ).id;
  own.alertId = (
    await setUp('/xb/v1/alerts/create', { symbol: 'BTCUSDT', kind: 'move', percent: '50', window: '24h' }, a.token)
  ).id;
  // a purchase names the terms of the quote it was made on
  const quote = await setUp(
    '/xb/v1/cycle/quote',
    { instrument: 'BTCUSDT', period: 60, direction: 'up', stake: '100' },
    a.token,
  );
  cycleTerms = quote.terms as string;
  own.cycleOrderId = (await setUp('/xb/v1/cycle/buy', cycleBuy(), a.token)).id;
}, 180_000);

interface Attempt {
  method?: 'GET' | 'POST';
  /** The path, with :params filled in. */
  path?: string;
  body?: unknown;
  /** A success that is B's own business and carries nothing of A's (rare: say why where used). */
  allow?: (status: number, body: unknown) => boolean;
}

/**
 * B's attempt on A's resource, per id-taking route. A signed-in route whose id names nothing of
 * another user's says so with `public` and why. Idempotency keys count as ids: B reusing A's key must get
 * B's own answer (B holds no funds, so any money command of B's fails), never A's result.
 */
const CROSS_USER: Record<string, (() => Attempt[]) | { public: string }> = {
  '/api/xb/v1/account/sessions/revoke': () => [{ body: { id: own.sessionId } }],
  '/api/xb/v1/kyc/advanced/submit': () => [
    { body: { frontPhoto: own.fileId, backPhoto: `${own.fileId}x`, handPhoto: `${own.fileId}y` } },
  ],
  '/api/xb/v1/kyc/photo/:fileId': () => [{ method: 'GET', path: `/api/xb/v1/kyc/photo/${own.fileId}` }],
  '/api/xb/v1/common/file/:fileId': () => [{ method: 'GET', path: `/api/xb/v1/common/file/${own.fileId}` }],
  '/api/xb/v1/wallet/transfer': () => [
    {
      body: { requestId: own.transferRequestId, currency: 'USDT', from: 'spot', to: 'futures', amount: '5000' },
    },
  ],
  '/api/xb/v1/convert/execute': () => [{ body: { requestId: rid('cx'), quoteId: own.quoteId } }],
  '/api/xb/v1/wallet/withdraw': () => [
    {
      body: withdrawBody({ requestId: own.withdrawalRequestId }),
    },
  ],
  '/api/xb/v1/wallet/withdraw/cancel': () => [{ body: { id: own.withdrawalId } }],
  '/api/xb/v1/wallet/withdraw-bank': () => [
    {
      body: {
        requestId: own.withdrawalRequestId,
        cardholder: 'B',
        bankName: 'Bank',
        branchName: 'Branch',
        bankCode: 'BANK01',
        cardNumber: '12345678901234',
        amount: '100',
        fundPassword: FUND_PASSWORD,
      },
    },
  ],
  '/api/xb/v1/wallet/address/delete': () => [{ body: { id: own.addressId } }],
  '/api/xb/v1/spot/order/place': () => [{ body: restingBuy(own.spotClientOrderId, '1000') }],
  '/api/xb/v1/spot/order/cancel': () => [{ body: { orderId: own.spotOrderId } }],
  '/api/xb/v1/spot/order/detail': () => [{ body: { id: own.spotOrderId } }],
  '/api/xb/v1/spot/stop/place': () => [{ body: { ...waitingStop, clientOrderId: own.spotStopClientOrderId } }],
  '/api/xb/v1/spot/stop/cancel': () => [{ body: { id: own.spotStopId } }],
  '/api/xb/v1/futures/order/place': () => [{ body: restingBuy(own.futuresClientOrderId, futuresPrice) }],
  '/api/xb/v1/futures/order/cancel': () => [{ body: { orderId: own.futuresOrderId } }],
  '/api/xb/v1/futures/position/close': () => [
    { body: { clientOrderId: own.futuresClientOrderId, symbol: 'BTCUSDT', quantity: '0.01' } },
  ],
  // closing all of B's own (no) positions under A's key is B's own command: B's empty answer, never A's
  '/api/xb/v1/futures/position/close-all': () => [
    {
      body: { requestId: own.futuresClientOrderId },
      allow: (status, body) => status === 200 && (body as { data: { orders: unknown[] } }).data.orders.length === 0,
    },
  ],
  '/api/xb/v1/futures/position/margin': () => [
    { body: { requestId: own.futuresClientOrderId, symbol: 'BTCUSDT', action: 'add', amount: '10' } },
  ],
  // B reusing A's request id gets B's own grant (or a refusal), never A's
  '/api/xb/v1/wallet/demo-funds/claim': () => [
    {
      body: { requestId: own.demoFundsRequestId },
      allow: (status: number, body: unknown) =>
        status === 200 &&
        (body as { data?: { transactionId?: number } }).data?.transactionId !== own.demoFundsTransactionId,
    },
  ],
  '/api/xb/v1/cycle/buy': () => [{ body: cycleBuy() }],
  '/api/xb/v1/cycle/order': () => [{ body: { id: own.cycleOrderId } }],
  '/api/xb/v1/earn/subscribe': () => [
    { body: { requestId: own.earnRequestId, planId: 1, amount: '100', wallet: 'spot', fundPassword: FUND_PASSWORD } },
  ],
  '/api/xb/v1/earn/redeem': () => [{ body: { requestId: rid('er'), orderId: own.earnOrderId } }],
  '/api/xb/v1/earn/revoke': () => [{ body: { requestId: rid('ev'), orderId: own.earnOrderId } }],
  '/api/xb/v1/support/ticket/create': () => [{ body: { title: 'Theirs', content: 'x', images: [own.fileId] } }],
  '/api/xb/v1/support/ticket/detail': () => [{ body: { id: own.ticketId } }],
  '/api/xb/v1/support/ticket/reply': () => [
    { body: { id: own.ticketId, content: 'not mine' } },
    { body: { id: own.ticketId, content: 'not mine', images: [own.fileId] } },
  ],
  '/api/xb/v1/support/chat/history': { public: 'a cursor into the caller’s own conversation' },
  '/api/xb/v1/reserves/proof': { public: 'a published snapshot’s id; the proof given is always the caller’s own leaf' },
  '/api/xb/v1/support/chat/send': () => [{ body: { content: 'x', images: [own.fileId] } }],
  '/api/xb/v1/botapi/keys/status': () => [{ body: { id: own.apiKeyId, status: 'disabled' } }],
  '/api/xb/v1/botapi/keys/delete': () => [{ body: { id: own.apiKeyId, fundPassword: FUND_PASSWORD } }],
  '/api/xb/v1/alerts/delete': () => [{ body: { id: own.alertId } }],
  '/api/xb/v1/share/card': () => [
    { body: { kind: 'cycle', id: own.cycleOrderId } },
    { body: { kind: 'cycle', id: own.cycleOrderId, amounts: true } },
  ],
  // A has no notice of its own here: B's id is refused as unknown either way, never marks someone else's
  '/api/xb/v1/notifications/read': () => [{ body: { id: own.alertId } }],
};

/** What A can see of everything above: it must read the same after B's attempts. */
async function stateOfA() {
  const call = async (path: string, body: unknown = {}) => (await server.api(path, body, { token: a.token })).body.data;
  const assets = await call('/xb/v1/wallet/assets');
  return {
    sessions: (await call('/xb/v1/account/sessions/list')).map((s: { id: number }) => s.id),
    ticket: await call('/xb/v1/support/ticket/detail', { id: own.ticketId }),
    addresses: await call('/xb/v1/wallet/address/list'),
    spotOrder: await call('/xb/v1/spot/order/detail', { id: own.spotOrderId }),
    spotStops: await call('/xb/v1/spot/stops/open'),
    futuresOrders: await call('/xb/v1/futures/orders/open'),
    withdrawals: await call('/xb/v1/wallet/withdraw/records'),
    cycleOrder: await call('/xb/v1/cycle/order', { id: own.cycleOrderId }),
    earnOrders: await call('/xb/v1/earn/orders'),
    apiKeys: await call('/xb/v1/botapi/keys/list'),
    alerts: await call('/xb/v1/alerts/list'),
    assets,
  };
}

const userRoutes = () =>
  server.built.routes.filter((r) => r.guards.some((g) => g.kind === 'user') && r.url.startsWith('/api/'));
const operatorRoutes = () =>
  server.built.routes.filter((r) => r.guards.some((g) => g.kind === 'operator') && r.url.startsWith('/api/'));
const pathOf = (r: RouteEntry) => r.url.replace(/:(\w+)/g, 'x');

function takesId(r: RouteEntry): boolean {
  if (/:\w*[iI]d\b/.test(r.url)) return true;
  return Object.entries(r.schemas).some(
    ([part, schema]) =>
      schema && schemaLeaves(schema, part).some((l) => ID_FIELD.test(l.path.split('.').pop()!.replace('[]', ''))),
  );
}

describe('authorization matrix', () => {
  it('has a cross-user case for every signed-in route that takes an id', () => {
    const missing = userRoutes()
      .filter(takesId)
      .map((r) => r.url)
      .filter((url) => !(url in CROSS_USER));
    expect(missing).toEqual([]);
    // and no case for a route that no longer exists
    const known = new Set(userRoutes().map((r) => r.url));
    expect(Object.keys(CROSS_USER).filter((url) => !known.has(url))).toEqual([]);
  });

  it('never lets user B reach user A’s resources, and leaves them unchanged', async () => {
    const before = await stateOfA();
    const successes: string[] = [];
    let attempts = 0;
    // B's own demo grant gives B funds, with which B's later attempts would open B's own orders: it goes last
    const lastly = (r: RouteEntry) => Number(r.url.includes('demo-funds'));
    for (const route of userRoutes()
      .filter(takesId)
      .sort((x, y) => lastly(x) - lastly(y))) {
      const gen = CROSS_USER[route.url];
      if (!gen || !(gen instanceof Function)) continue;
      for (const attempt of gen()) {
        attempts += 1;
        const method = attempt.method ?? (route.method as 'GET' | 'POST');
        const res = await fetch(`${server.url}${attempt.path ?? route.url}`, {
          method,
          headers: { authorization: b.token, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          ...(method === 'POST' ? { body: JSON.stringify(attempt.body ?? {}) } : {}),
        });
        const text = await res.text();
        if (attempt.allow?.(res.status, JSON.parse(text))) continue;
        if (res.status < 400 || res.status >= 500) successes.push(`${route.url} → ${res.status} ${text.slice(0, 160)}`);
      }
    }
    expect(successes).toEqual([]);
    expect(attempts).toBeGreaterThanOrEqual(25);
    expect(await stateOfA()).toEqual(before);
  }, 120_000);

  it('refuses every back-office route to a user token', async () => {
    const allowed: string[] = [];
    for (const route of operatorRoutes()) {
      const res = await fetch(`${server.url}${pathOf(route)}`, {
        method: route.method,
        headers: { authorization: a.token, ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        ...(route.method === 'POST' ? { body: '{}' } : {}),
      });
      if (res.status !== 401) allowed.push(`${route.method} ${route.url} → ${res.status}`);
    }
    expect(allowed).toEqual([]);
    expect(operatorRoutes().length).toBeGreaterThan(40);
  });

  it('refuses every back-office route to an operator of each role outside its area', async () => {
    const roles = OPERATOR_ROLES.filter((r) => r !== 'super_admin');
    const tokens = new Map<string, string>();
    for (const role of roles) tokens.set(role, (await server.createOperator([role])).token);
    const allowed: string[] = [];
    let attempts = 0;
    for (const route of operatorRoutes()) {
      const area = route.guards.flatMap((g) => (g.kind === 'operator' ? g.roles : []));
      if (area.length === 0) continue; // any signed-in operator (their own session, sign-out)
      for (const role of roles.filter((r) => !area.includes(r))) {
        attempts += 1;
        const res = await fetch(`${server.url}${pathOf(route)}`, {
          method: route.method,
          headers: {
            authorization: tokens.get(role)!,
            ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          ...(route.method === 'POST' ? { body: '{}' } : {}),
        });
        if (res.status !== 403) allowed.push(`${role} → ${route.method} ${route.url} → ${res.status}`);
      }
    }
    expect(allowed).toEqual([]);
    expect(attempts).toBeGreaterThan(100);
  }, 120_000);
});
