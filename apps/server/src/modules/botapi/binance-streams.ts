import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import type { BalanceUpdate, Candle, DepthLevel, PublicTrade, SpotOrder, Ticker } from '@tidemark/contract/spot';
import { formatUnits, parseUnits } from '@tidemark/contract/money';
import { CANDLE_INTERVALS } from '@tidemark/contract/spot';
import { service, type AppContext } from '../../platform/context.ts';
import type { FeedHub } from '../spot/feed-hub.ts';
import { marketOf } from '../spot/markets.ts';
import type { SpotService } from '../spot/spot.service.ts';
import { KLINE_INTERVALS } from './spot-rest.routes.ts';
import { binanceOrder } from './binance-view.ts';
import type { ListenKeys } from './listen-keys.ts';

/** At most this many streams per connection (Binance: 1024). */
const MAX_STREAMS = 1024;
/** A connection that leaves this much unsent is closed: it is not reading (Binance disconnects too). */
const MAX_BUFFERED = 4 * 1024 * 1024;
const PING_MS = 30_000;

interface Stream {
  name: string;
  /** The feed hub channels it follows. */
  keys: string[];
  encode: (seq: number, data: unknown, key: string) => unknown[];
}

interface Client {
  socket: WebSocket;
  combined: boolean;
  streams: Map<string, { stream: Stream; unwatch: Array<() => void> }>;
  alive: boolean;
}

/**
 * Binance-style market streams on `/ws/<stream>` and `/stream?streams=a/b`: `<symbol>@trade`, `@aggTrade`,
 * `@depth` (diff events whose U/u continue from GET /api/v3/depth's lastUpdateId), `@bookTicker`, `@ticker`,
 * `@kline_<interval>`; and the SUBSCRIBE / UNSUBSCRIBE / LIST_SUBSCRIPTIONS messages. They re-encode the
 * spot feed hub's updates (one feed, the app's `/ws` and these), with the hub's sequence numbers.
 */
export class BinanceStreams {
  private readonly ctx: AppContext;
  private readonly byKey = new Map<string, Set<Client>>();
  private readonly clients = new Set<Client>();
  private untap: (() => void) | null = null;
  private pinger: NodeJS.Timeout | null = null;

  private readonly listenKeys: ListenKeys;

  constructor(ctx: AppContext, listenKeys: ListenKeys) {
    this.ctx = ctx;
    this.listenKeys = listenKeys;
  }

  private get hub(): FeedHub {
    return service(this.ctx, 'spotHub');
  }
  private get spot(): SpotService {
    return service(this.ctx, 'spot');
  }

  start(): void {
    this.untap ??= this.hub.tap((key, seq, data) => this.dispatch(key, seq, data));
    this.pinger ??= setInterval(() => {
      for (const c of this.clients) {
        if (!c.alive) c.socket.terminate();
        else {
          c.alive = false;
          c.socket.ping();
        }
      }
    }, PING_MS);
  }

  stop(): void {
    this.untap?.();
    this.untap = null;
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
    for (const c of this.clients) c.socket.terminate();
  }

  connect(socket: WebSocket, request: IncomingMessage): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const combined = url.pathname === '/stream';
    const c: Client = { socket, combined, streams: new Map(), alive: true };
    this.clients.add(c);
    const initial = combined
      ? (url.searchParams.get('streams') ?? '').split('/')
      : url.pathname.slice('/ws/'.length).split('/');
    // a raw path that names no stream (a client that subscribes by message) is accepted empty
    this.subscribe(
      c,
      initial.filter((n) => this.streamOf(n)),
    );
    socket.on('pong', () => (c.alive = true));
    socket.on('message', (raw) => this.onMessage(c, raw.toString()));
    socket.on('close', () => this.drop(c));
    socket.on('error', () => this.drop(c));
  }

  private onMessage(c: Client, text: string): void {
    c.alive = true;
    let msg: { method?: unknown; params?: unknown; id?: unknown };
    try {
      msg = JSON.parse(text);
    } catch {
      return this.reply(c, { error: { code: 3, msg: 'Invalid JSON' } });
    }
    const id = typeof msg.id === 'number' || typeof msg.id === 'string' ? msg.id : null;
    const params = Array.isArray(msg.params) ? msg.params.filter((p): p is string => typeof p === 'string') : [];
    switch (msg.method) {
      case 'SUBSCRIBE': {
        const bad = params.find((p) => !this.streamOf(p));
        if (bad !== undefined)
          return this.reply(c, { error: { code: 2, msg: `Invalid request: unknown stream ${bad}` }, id });
        if (c.streams.size + params.length > MAX_STREAMS)
          return this.reply(c, { error: { code: 2, msg: 'Too many streams' }, id });
        this.subscribe(c, params);
        return this.reply(c, { result: null, id });
      }
      case 'UNSUBSCRIBE':
        for (const p of params) this.unsubscribe(c, p);
        return this.reply(c, { result: null, id });
      case 'LIST_SUBSCRIPTIONS':
        return this.reply(c, { result: [...c.streams.keys()], id });
      default:
        return this.reply(c, { error: { code: 2, msg: 'Invalid request: unknown method' }, id });
    }
  }

  private subscribe(c: Client, names: string[]): void {
    for (const name of names) {
      if (c.streams.has(name)) continue;
      const stream = this.streamOf(name)!;
      c.streams.set(name, { stream, unwatch: stream.keys.map((k) => this.hub.watch(k)) });
      for (const key of stream.keys) {
        let set = this.byKey.get(key);
        if (!set) this.byKey.set(key, (set = new Set()));
        set.add(c);
      }
    }
  }

  private unsubscribe(c: Client, name: string): void {
    const s = c.streams.get(name);
    if (!s) return;
    for (const u of s.unwatch) u();
    c.streams.delete(name);
    for (const key of s.stream.keys) {
      if (![...c.streams.values()].some((x) => x.stream.keys.includes(key))) this.byKey.get(key)?.delete(c);
    }
  }

  private drop(c: Client): void {
    if (!this.clients.delete(c)) return;
    for (const name of [...c.streams.keys()]) this.unsubscribe(c, name);
  }

  private reply(c: Client, body: unknown): void {
    this.write(c, JSON.stringify(body));
  }

  private write(c: Client, text: string): void {
    if (c.socket.readyState !== c.socket.OPEN) return;
    if (c.socket.bufferedAmount > MAX_BUFFERED) {
      c.socket.close(1008, 'slow consumer');
      this.drop(c);
      return;
    }
    c.socket.send(text);
  }

  private dispatch(key: string, seq: number, data: unknown): void {
    const clients = this.byKey.get(key);
    if (!clients?.size) return;
    for (const c of clients) {
      for (const { stream } of c.streams.values()) {
        if (!stream.keys.includes(key)) continue;
        for (const event of stream.encode(seq, data, key)) {
          this.write(c, JSON.stringify(c.combined ? { stream: stream.name, data: event } : event));
        }
      }
    }
  }

  /** A stream name → the hub channel and the encoder, or null for a name we do not serve. */
  private streamOf(name: string): Stream | null {
    const userId = /^[0-9a-f]{60}$/.test(name) ? this.listenKeys.userOf(name, this.ctx.clock.now()) : null;
    if (userId !== null) return userDataStream(name, userId, () => this.ctx.clock.now());
    const match = /^([a-z0-9]{2,20})@([A-Za-z0-9_@]+)$/.exec(name);
    if (!match) return null;
    const m = marketOf(match[1]!.toUpperCase());
    if (!m) return null;
    const s = m.symbol;
    const kind = match[2]!;
    const now = () => this.ctx.clock.now();
    if (kind === 'trade')
      return {
        name,
        keys: [`trades:${s}`],
        encode: (_seq, data) =>
          (data as PublicTrade[]).map((t) => ({
            e: 'trade',
            E: now(),
            s,
            t: t.id,
            p: t.price,
            q: t.quantity,
            T: t.time,
            m: t.side === 'sell',
            M: true,
          })),
      };
    if (kind === 'aggTrade')
      return {
        name,
        keys: [`trades:${s}`],
        encode: (_seq, data) =>
          (data as PublicTrade[]).map((t) => ({
            e: 'aggTrade',
            E: now(),
            s,
            a: t.id,
            p: t.price,
            q: t.quantity,
            f: t.id,
            l: t.id,
            T: t.time,
            m: t.side === 'sell',
            M: true,
          })),
      };
    if (kind === 'depth' || kind === 'depth@100ms' || kind === 'depth@1000ms')
      return {
        name,
        keys: [`depth:${s}`],
        // one hub update = one sequence number: U = u = seq, continuing from the REST snapshot's lastUpdateId
        encode: (seq, data) => {
          const d = data as { bids: DepthLevel[]; asks: DepthLevel[] };
          return [{ e: 'depthUpdate', E: now(), s, U: seq, u: seq, b: d.bids, a: d.asks }];
        },
      };
    if (kind === 'bookTicker')
      return {
        name,
        keys: [`depth:${s}`],
        encode: (seq) => {
          const top = this.spot.data.depth(s, 1);
          return [
            {
              u: seq,
              s,
              b: top.bids[0]?.[0] ?? '0',
              B: top.bids[0]?.[1] ?? '0',
              a: top.asks[0]?.[0] ?? '0',
              A: top.asks[0]?.[1] ?? '0',
            },
          ];
        },
      };
    if (kind === 'ticker')
      return {
        name,
        keys: [`ticker:${s}`],
        encode: (_seq, data) => {
          const t = data as Ticker;
          const top = this.spot.data.depth(s, 1);
          return [
            {
              e: '24hrTicker',
              E: now(),
              s,
              p: t.change,
              P: t.changePercent,
              x: t.open ?? '0',
              c: t.last ?? '0',
              b: top.bids[0]?.[0] ?? '0',
              B: top.bids[0]?.[1] ?? '0',
              a: top.asks[0]?.[0] ?? '0',
              A: top.asks[0]?.[1] ?? '0',
              o: t.open ?? '0',
              h: t.high ?? '0',
              l: t.low ?? '0',
              v: t.volume,
              q: t.turnover,
              O: t.time - 86_400_000,
              C: t.time,
            },
          ];
        },
      };
    const kline = /^kline_(\w+)$/.exec(kind);
    const interval = kline ? KLINE_INTERVALS[kline[1]!] : undefined;
    if (kline && interval) {
      const ms = CANDLE_INTERVALS[interval];
      return {
        name,
        keys: [`candles:${s}:${interval}`],
        encode: (_seq, data) => {
          const k = data as Candle;
          return [
            {
              e: 'kline',
              E: now(),
              s,
              k: {
                t: k.time,
                T: k.time + ms - 1,
                s,
                i: kline[1],
                f: -1,
                L: -1,
                o: k.open,
                c: k.close,
                h: k.high,
                l: k.low,
                v: k.volume,
                n: k.trades,
                x: now() >= k.time + ms,
                q: k.turnover,
                V: '0',
                Q: '0',
                B: '0',
              },
            },
          ];
        },
      };
    }
    return null;
  }
}

/**
 * A user data stream: `executionReport` for each order change and `outboundAccountPosition` for the spot
 * balances, from the hub's `orders#<user>` / `balances#<user>` channels.
 */
function userDataStream(name: string, userId: number, now: () => number): Stream {
  // what each open order had filled when last reported, so an executionReport can say what the last fill added
  const filled = new Map<number, bigint>();
  return {
    name,
    keys: [`orders#${userId}`, `balances#${userId}`],
    encode: (_seq, data, key) => {
      if (key.startsWith('balances#')) {
        const b = data as BalanceUpdate[];
        return [
          {
            e: 'outboundAccountPosition',
            E: now(),
            u: now(),
            B: b.map((x) => ({ a: x.currency, f: x.available, l: x.frozen })),
          },
        ];
      }
      return (data as SpotOrder[]).map((o) => {
        const m = marketOf(o.symbol)!;
        const v = binanceOrder(o);
        const total = parseUnits(o.filledQuantity, m.baseScale);
        const before = filled.get(o.id) ?? 0n;
        const open = o.status === 'new' || o.status === 'partially_filled';
        if (open) filled.set(o.id, total);
        else filled.delete(o.id);
        const traded = total > before;
        const execType = traded ? 'TRADE' : o.status === 'new' ? 'NEW' : v.status === 'EXPIRED' ? 'EXPIRED' : v.status;
        return {
          e: 'executionReport',
          E: now(),
          s: o.symbol,
          c: o.clientOrderId,
          S: v.side,
          o: v.type,
          f: v.timeInForce,
          q: v.origQty,
          p: v.price,
          P: '0',
          F: '0',
          g: -1,
          C: '',
          x: execType,
          X: v.status,
          r: 'NONE',
          i: o.id,
          // the last fill's quantity; its price is the order's average so far (a group of fills reported at once)
          l: traded ? formatUnits(total - before, m.baseScale) : '0',
          z: o.filledQuantity,
          L: traded ? (o.averagePrice ?? '0') : '0',
          n: o.fee,
          N: o.feeCurrency,
          T: o.updatedAt,
          t: -1,
          w: open,
          m: false,
          M: false,
          O: o.createdAt,
          Z: o.turnover,
          Y: '0',
          Q: o.quoteAmount ?? '0',
        };
      });
    },
  };
}
