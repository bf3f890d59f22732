import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { normalizeLocale } from '@tidemark/contract';
import { CANDLE_INTERVALS, WsClientMessage, type CandleInterval } from '@tidemark/contract/spot';
import { service, type AppContext } from '../../platform/context.ts';
import { t } from '../../platform/i18n/messages.ts';
import { tokenFromHeader } from '../../platform/session/session-store.ts';
import type { FeedHub, Connection } from './feed-hub.ts';
import { depthStepsOf } from './market-data.ts';
import { marketOf } from './markets.ts';
import type { SpotService } from './spot.service.ts';

/**
 * One `/ws` connection: subscribe / unsubscribe / ping. Public channels need nothing; `orders` and
 * `balances` (and the user channels other modules route here, e.g. `futures.positions`) need the session
 * token (in the subscribe message, or the connection's Authorization header).
 */
export function handleMarketSocket(
  ctx: AppContext,
  hub: FeedHub,
  spot: SpotService,
  socket: WebSocket,
  req: IncomingMessage,
) {
  const conn = hub.add(socket, req.socket);
  const prices = service(ctx, 'prices');
  const locale = normalizeLocale(req.headers.locale);
  const headerToken = tokenFromHeader(req.headers.authorization);
  const error = (key: string, channel?: string) =>
    hub.send(conn, {
      type: 'error',
      error: key === 'spot.wsAuthRequired' ? 'UNAUTHORIZED' : 'VALIDATION',
      message: t(locale, key),
      ...(channel ? { channel } : {}),
    });

  let chain = Promise.resolve();
  socket.on('message', (raw) => {
    hub.touch(conn);
    // messages are handled in order, even when a snapshot needs the database
    chain = chain
      .then(() => onMessage(String(raw)))
      .catch((err) => ctx.log.warn({ err }, 'market socket message failed'));
  });
  socket.on('close', () => hub.remove(conn));
  socket.on('error', () => hub.remove(conn));

  async function onMessage(text: string): Promise<void> {
    let parsed;
    try {
      parsed = WsClientMessage.safeParse(JSON.parse(text));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) return error('spot.wsBadMessage');
    const msg = parsed.data;
    if (msg.op === 'ping') return hub.send(conn, { type: 'pong', time: ctx.clock.now() });
    if (msg.op === 'unsubscribe') {
      for (const name of msg.channels) hub.unsubscribe(conn, keyOf(conn, name, hub));
      return hub.send(conn, { type: 'unsubscribed', channels: msg.channels });
    }
    const token = msg.token ?? headerToken;
    if (token && conn.userId === null) {
      const session = await ctx.sessions.resolve(token, 'user');
      if (session) conn.userId = session.principalId;
    }
    const done: string[] = [];
    for (const name of msg.channels) {
      const [kind, symbol, interval, variant] = name.split(':');
      if (kind === 'orders' || kind === 'balances') {
        if (conn.userId === null) {
          error('spot.wsAuthRequired', name);
          continue;
        }
        const userId = conn.userId;
        await hub.subscribe(conn, keyOf(conn, name, hub), name, () =>
          kind === 'orders' ? spot.openOrders(userId) : spot.balances(userId),
        );
      } else if (kind === 'tickers' && symbol === undefined) {
        await hub.subscribe(conn, name, name, () => spot.data.tickers());
      } else if (
        symbol &&
        marketOf(symbol) &&
        (kind === 'ticker' || kind === 'depth' || kind === 'trades') &&
        interval === undefined
      ) {
        await hub.subscribe(conn, name, name, (seq) =>
          kind === 'ticker'
            ? spot.data.ticker(symbol)
            : kind === 'trades'
              ? spot.data.trades(symbol, 50)
              : // the whole published view: the deltas describe exactly these levels
                { symbol, ...spot.data.depth(symbol, spot.data.depthLevels), seq, time: ctx.clock.now() },
        );
      } else if (kind === 'depth' && symbol && marketOf(symbol) && interval !== undefined) {
        // a grouped view: depth:<symbol>:<step>, the step one of the market's (see depthStepsOf)
        const stepTicks = depthStepsOf(marketOf(symbol)!).get(interval);
        if (stepTicks === undefined) {
          error('spot.wsUnknownChannel', name);
          continue;
        }
        await hub.subscribe(conn, name, name, (seq) => ({
          symbol,
          step: interval,
          ...spot.data.groupedDepth(symbol, stepTicks),
          seq,
          time: ctx.clock.now(),
        }));
      } else if (kind === 'candles' && symbol && marketOf(symbol) && interval && interval in CANDLE_INTERVALS) {
        if (variant !== undefined && variant !== 'index') {
          error('spot.wsUnknownChannel', name);
          continue;
        }
        // candles:<s>:<i>:index — the index price's candles, for a chart whose market has no trades yet
        await hub.subscribe(conn, name, name, () =>
          variant === 'index'
            ? prices.candles(symbol, interval as CandleInterval, { limit: 200 })
            : spot.data.candles(symbol, interval as CandleInterval, undefined, undefined, 200),
        );
      } else {
        // a channel another module serves (futures), or none
        const routed = hub.routed(name);
        if (!routed) {
          error('spot.wsUnknownChannel', name);
          continue;
        }
        if (routed.user && conn.userId === null) {
          error('spot.wsAuthRequired', name);
          continue;
        }
        await hub.subscribe(conn, keyOf(conn, name, hub), name, routed.snapshot(conn.userId));
      }
      done.push(name);
    }
    if (done.length) hub.send(conn, { type: 'subscribed', channels: done });
  }
}

/** The hub's key of a channel: the user's own channels are keyed by user. */
export function keyOf(conn: Connection, name: string, hub: FeedHub): string {
  const user = name === 'orders' || name === 'balances' || hub.routed(name)?.user === true;
  return user ? `${name}#${conn.userId}` : name;
}
