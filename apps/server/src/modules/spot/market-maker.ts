import crypto from 'node:crypto';
import { z } from 'zod';
import { divRound, parseRate, parseUnits, pow10, RATE_SCALE } from '@tidemark/contract/money';
import { service, type AppContext } from '../../platform/context.ts';
import type { AccountService } from '../account/account.service.ts';
import { INSTRUMENTS, PRICE_SCALE } from '../market/instruments.ts';
import type { PriceService } from '../market/price.service.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { MARKETS, priceToTicks, ticksToPrice, type Market } from './markets.ts';
import type { SpotService } from './spot.service.ts';

/**
 * The built-in market maker (DESIGN.md §6): a normal, visible user account with its own funds (put in by
 * the seed through an honest journal entry from outside_world) that quotes around the index price so no
 * book is empty. It cancels and replaces its quotes through the SAME sequencer as everyone (no special
 * path) when the index moves more than the requote threshold, or when takers have eaten half its quotes.
 * In demo mode (simulated prices) a second account, the demo taker, sends small market orders so candles
 * move; those orders and their trades are flagged `demo`.
 *
 * The default book looks like a live one, honestly: 20 levels a side, the first 0.02 % from the index (a
 * 0.04 % spread), 0.02 % apart, each level a little larger than the one before it (about 200,000 USDT a
 * side per market), all from the account's own visible funds.
 *
 * SPOT_MARKET_MAKER       on | off (default on, off when NODE_ENV=test)
 * SPOT_MM_SPREAD          distance of the first level from the index, as a rate (default 0.0002)
 * SPOT_MM_STEP            extra distance per further level (default 0.0002; at least one tick)
 * SPOT_MM_LEVELS          levels per side (default 20)
 * SPOT_MM_LEVEL_USDT      value of the first level in USDT (default 3000)
 * SPOT_MM_LEVEL_GROWTH    each further level is larger by this share of the first (default 0.25)
 * SPOT_MM_MARKETS         per-market overrides as JSON, e.g. {"DOGEUSDT":{"spread":"0.0005","levels":10}}
 *                         (keys: spread, step, levels, levelUsdt, growth)
 * SPOT_MM_REQUOTE         index move that triggers a requote, as a rate (default 0.002)
 * SPOT_MM_INTERVAL_MS     how often quotes are checked (default 2000)
 * SPOT_DEMO_TAKER         on | off (default on when prices are simulated)
 */
export const MARKET_MAKER_EMAIL = 'marketmaker@tidemark.local';
export const DEMO_TAKER_EMAIL = 'demotaker@tidemark.local';

const schema = z.object({
  SPOT_MARKET_MAKER: z.enum(['on', 'off']).optional(),
  SPOT_MM_SPREAD: z.string().default('0.0002'),
  SPOT_MM_STEP: z.string().default('0.0002'),
  SPOT_MM_LEVELS: z.coerce.number().int().min(1).max(50).default(20),
  SPOT_MM_LEVEL_USDT: z.string().default('3000'),
  SPOT_MM_LEVEL_GROWTH: z.string().default('0.25'),
  SPOT_MM_MARKETS: z.string().default('{}'),
  SPOT_MM_REQUOTE: z.string().default('0.002'),
  SPOT_MM_INTERVAL_MS: z.coerce.number().int().min(200).default(2000),
  SPOT_DEMO_TAKER: z.enum(['on', 'off']).optional(),
});

/** How one market is quoted (rates at RATE_SCALE, USDT in minor units). */
export interface QuoteShape {
  spread: bigint;
  step: bigint;
  levels: number;
  levelUsdt: bigint;
  growth: bigint;
}

const marketOverride = z
  .object({
    spread: z.string().optional(),
    step: z.string().optional(),
    levels: z.number().int().min(1).max(50).optional(),
    levelUsdt: z.string().optional(),
    growth: z.string().optional(),
  })
  .strict();

export interface MarketMakerConfig extends QuoteShape {
  enabled: boolean;
  /** Per-market overrides of the shape above. */
  markets: Record<string, QuoteShape>;
  requote: bigint;
  intervalMs: number;
  demoTaker: boolean | null; // null: on when prices are simulated
}

export function loadMarketMakerConfig(ctx: AppContext, env: NodeJS.ProcessEnv = process.env): MarketMakerConfig {
  const e = schema.parse(env);
  const shape: QuoteShape = {
    spread: parseRate(e.SPOT_MM_SPREAD),
    step: parseRate(e.SPOT_MM_STEP),
    levels: e.SPOT_MM_LEVELS,
    levelUsdt: parseUnits(e.SPOT_MM_LEVEL_USDT, 6),
    growth: parseRate(e.SPOT_MM_LEVEL_GROWTH),
  };
  const overrides = z.record(z.string(), marketOverride).parse(JSON.parse(e.SPOT_MM_MARKETS));
  const markets: Record<string, QuoteShape> = {};
  for (const [symbol, o] of Object.entries(overrides)) {
    if (!MARKETS.some((m) => m.symbol === symbol)) throw new Error(`SPOT_MM_MARKETS: unknown market ${symbol}`);
    markets[symbol] = {
      spread: o.spread === undefined ? shape.spread : parseRate(o.spread),
      step: o.step === undefined ? shape.step : parseRate(o.step),
      levels: o.levels ?? shape.levels,
      levelUsdt: o.levelUsdt === undefined ? shape.levelUsdt : parseUnits(o.levelUsdt, 6),
      growth: o.growth === undefined ? shape.growth : parseRate(o.growth),
    };
  }
  return {
    enabled: (e.SPOT_MARKET_MAKER ?? (ctx.config.env === 'test' ? 'off' : 'on')) === 'on',
    ...shape,
    markets,
    requote: parseRate(e.SPOT_MM_REQUOTE),
    intervalMs: e.SPOT_MM_INTERVAL_MS,
    demoTaker: e.SPOT_DEMO_TAKER === undefined ? null : e.SPOT_DEMO_TAKER === 'on',
  };
}

/** Creates (once) an account that cannot log in — its password is random and never kept — and funds it. */
async function ensureFundedAccount(ctx: AppContext, email: string, memo: string, usdt: bigint): Promise<number> {
  const accounts = service<AccountService>(ctx, 'account');
  const found = await accounts.findIdByEmail(email);
  if (found) return found;
  const ledger = service<LedgerService>(ctx, 'ledger');
  return ledger.transaction(async (tx) => {
    const row = await accounts.create(
      {
        email,
        phoneCountry: null,
        phone: null,
        password: crypto.randomBytes(32).toString('hex') + 'a1',
        inviterId: null,
      },
      tx,
    );
    const movements = [{ currency: 'USDT', amount: usdt }];
    for (const m of MARKETS) {
      const inst = INSTRUMENTS.find((i) => i.base === m.base)!;
      // about the same USDT value in each coin, at the instrument's configured starting price
      const units = divRound(usdt * pow10(m.baseScale), BigInt(Math.round(inst.start * 1e6)), 'floor');
      movements.push({ currency: m.base, amount: units });
    }
    for (const mv of movements) {
      await ledger.transfer(
        tx,
        'capital',
        { system: 'outside_world', currency: mv.currency },
        { userId: row.id, currency: mv.currency, wallet: 'spot' },
        mv.amount,
        `user:${row.id}`,
        memo,
      );
    }
    return row.id;
  });
}

/** Seed step: the market maker's and the demo taker's accounts and capital. */
export async function seedMarketMaker(ctx: AppContext): Promise<void> {
  const maker = await ensureFundedAccount(ctx, MARKET_MAKER_EMAIL, 'market maker capital', parseUnits('2000000', 6));
  await topUpForDepth(ctx, maker);
  await ensureFundedAccount(ctx, DEMO_TAKER_EMAIL, 'demo taker capital', parseUnits('200000', 6));
}

/** USDT the deeper default book needs beyond the first capital: ~200,000 a side in each of the markets. */
const DEPTH_TOP_UP_USDT = parseUnits('3000000', 6);

/**
 * Once per data directory: the USDT the deeper book's bids need, from outside_world like the first capital
 * (a visible 'capital' entry), so every quote stays backed by the account's own funds — also in a data
 * directory seeded before the book was deepened.
 */
async function topUpForDepth(ctx: AppContext, makerId: number): Promise<void> {
  const ledger = service<LedgerService>(ctx, 'ledger');
  const reference = `seed:market-maker-depth:${makerId}`;
  if (await ledger.hasEntry('capital', reference)) return;
  await ledger.transaction((tx) =>
    ledger.transfer(
      tx,
      'capital',
      { system: 'outside_world', currency: 'USDT' },
      { userId: makerId, currency: 'USDT', wallet: 'spot' },
      DEPTH_TOP_UP_USDT,
      reference,
      'market maker capital for a deeper book',
    ),
  );
}

export class MarketMaker {
  private readonly ctx: AppContext;
  private readonly spot: SpotService;
  private readonly config: MarketMakerConfig;
  private readonly quotedAt = new Map<string, bigint>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private makerId = 0;
  private takerId = 0;
  private round = 0;

  constructor(ctx: AppContext, spot: SpotService, config: MarketMakerConfig) {
    this.ctx = ctx;
    this.spot = spot;
    this.config = config;
  }

  async start(): Promise<void> {
    await seedMarketMaker(this.ctx);
    const accounts = service<AccountService>(this.ctx, 'account');
    this.makerId = (await accounts.findIdByEmail(MARKET_MAKER_EMAIL))!;
    this.takerId = (await accounts.findIdByEmail(DEMO_TAKER_EMAIL))!;
    this.timer = setInterval(() => {
      this.running = this.running
        .then(() => this.step())
        .catch((err) => this.ctx.log.warn({ err }, 'market maker step failed'));
    }, this.config.intervalMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async step(): Promise<void> {
    const prices = service<PriceService>(this.ctx, 'prices');
    this.round += 1;
    for (const m of MARKETS) {
      let index: bigint;
      try {
        index = parseUnits(prices.latest(m.symbol).price, PRICE_SCALE);
      } catch {
        continue; // no fresh index: leave the quotes as they are
      }
      const last = this.quotedAt.get(m.symbol);
      const moved = last === undefined || abs(index - last) * pow10(RATE_SCALE) > this.config.requote * last;
      // takers eat the quotes between index moves: refill once half of them are gone
      const thin = this.spot.sequencer(m.symbol).openOrdersOf(this.makerId).length < this.shapeOf(m).levels;
      if (moved || thin) await this.requote(m, index);
    }
    const demoTaker = this.config.demoTaker ?? prices.demo;
    if (demoTaker) await this.takeSomething();
  }

  private async requote(m: Market, index: bigint): Promise<void> {
    await this.spot.cancelAll(this.makerId, m.symbol);
    const tick8 = parseUnits(m.tickSize, PRICE_SCALE);
    // every quote is handed to the sequencer at once: it runs them as one batch (one transaction), so a
    // deep book costs about one commit per requote, not one per level — the database stays free for users
    const quotes: Promise<unknown>[] = [];
    for (const q of quoteLevels(this.shapeOf(m), index, tick8)) {
      for (const [side, ticks] of [
        ['buy', q.bid],
        ['sell', q.ask],
      ] as const) {
        if (ticks <= 0n) continue;
        // lots so that the level is worth about its USDT value: value (minor) / ticks (minor per lot)
        const lots = divRound(q.usdt, ticks, 'ceil');
        const qty = formatLots(m, lots);
        quotes.push(
          this.spot
            .place(this.makerId, {
              clientOrderId: `mm-${m.symbol}-${this.round}-${side}${q.level}-${crypto.randomBytes(3).toString('hex')}`,
              symbol: m.symbol,
              side,
              type: 'limit',
              price: ticksToPrice(m, ticks),
              quantity: qty,
              timeInForce: 'POST_ONLY',
            })
            .catch((err: unknown) => this.ctx.log.debug({ err, symbol: m.symbol }, 'market maker quote refused')),
        );
      }
    }
    await Promise.all(quotes);
    this.quotedAt.set(m.symbol, index);
  }

  private shapeOf(m: Market): QuoteShape {
    return this.config.markets[m.symbol] ?? this.config;
  }

  /** One small demo market order on a market chosen at random. */
  private async takeSomething(): Promise<void> {
    const m = MARKETS[Math.floor(Math.random() * MARKETS.length)]!;
    const side = Math.random() < 0.5 ? 'buy' : 'sell';
    const usdt = 10 + Math.floor(Math.random() * 90);
    const book = this.spot.data.depth(m.symbol, 1);
    const best = (side === 'buy' ? book.asks : book.bids)[0];
    if (!best) return;
    const id = `demo-${this.round}-${crypto.randomBytes(4).toString('hex')}`;
    try {
      if (side === 'buy') {
        await this.spot.place(
          this.takerId,
          { clientOrderId: id, symbol: m.symbol, side, type: 'market', quoteAmount: String(usdt) },
          { demo: true },
        );
      } else {
        // lots worth about `usdt` at the best bid: USDT minor units / ticks (one lot at one tick is one minor unit)
        const ticks = BigInt(priceToTicks(m, best[0]) ?? 1);
        const lots = divRound(BigInt(usdt) * pow10(m.quoteScale), ticks, 'ceil');
        const qty = formatLots(m, lots > 0n ? lots : 1n);
        await this.spot.place(
          this.takerId,
          { clientOrderId: id, symbol: m.symbol, side, type: 'market', quantity: qty },
          { demo: true },
        );
      }
    } catch (err) {
      this.ctx.log.debug({ err, symbol: m.symbol }, 'demo taker order refused');
    }
  }
}

function formatLots(m: Market, lots: bigint): string {
  const units = lots * m.unitsPerLot;
  const p = pow10(m.baseScale);
  const frac = (units % p).toString().padStart(m.baseScale, '0').replace(/0+$/, '');
  return frac ? `${units / p}.${frac}` : `${units / p}`;
}

const abs = (x: bigint) => (x < 0n ? -x : x);

/**
 * The quote levels around an index (PRICE_SCALE units) on a market's tick: level i sits spread + i × step
 * from the index (bids rounded down, asks up, each level at least one tick beyond the previous one so no
 * two share a price), worth levelUsdt × (1 + i × growth).
 */
export function quoteLevels(
  shape: QuoteShape,
  index: bigint,
  tick8: bigint,
): Array<{ level: number; bid: bigint; ask: bigint; usdt: bigint }> {
  const one = pow10(RATE_SCALE);
  const out: Array<{ level: number; bid: bigint; ask: bigint; usdt: bigint }> = [];
  let prevBid: bigint | null = null;
  let prevAsk: bigint | null = null;
  for (let i = 0; i < shape.levels; i++) {
    const distance = shape.spread + shape.step * BigInt(i);
    let bid = divRound(index * (one - distance), one * tick8, 'floor');
    let ask = divRound(index * (one + distance), one * tick8, 'ceil');
    if (prevBid !== null && bid >= prevBid) bid = prevBid - 1n;
    if (prevAsk !== null && ask <= prevAsk) ask = prevAsk + 1n;
    prevBid = bid;
    prevAsk = ask;
    const usdt = divRound(shape.levelUsdt * (one + shape.growth * BigInt(i)), one, 'ceil');
    out.push({ level: i, bid, ask, usdt });
  }
  return out;
}
