import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { MarketData } from './market-data.ts';
import { isPlatformTrade, refuseDemoTakerOnLivePrices } from './platform-trades.ts';
import { spotTrades, type SpotTradeRow } from './spot.schema.ts';

describe('the demo taker on live prices', () => {
  it('is refused at start-up with a message naming the setting', () => {
    expect(() => refuseDemoTakerOnLivePrices({ demoTaker: true }, false)).toThrow(/SPOT_DEMO_TAKER/);
  });
  it('is allowed on demo prices, and off or unset is always fine', () => {
    expect(() => refuseDemoTakerOnLivePrices({ demoTaker: true }, true)).not.toThrow();
    expect(() => refuseDemoTakerOnLivePrices({ demoTaker: false }, false)).not.toThrow();
    // unset: on only when prices are simulated (market-maker.ts), so never on live prices
    expect(() => refuseDemoTakerOnLivePrices({ demoTaker: null }, false)).not.toThrow();
  });
});

describe('trades between platform accounts are not public volume', () => {
  const MAKER = 900;
  const TAKER = 901;
  const USER = 5;
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12, 0, 30));
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let data: MarketData;
  let rows: SpotTradeRow[];

  beforeAll(async () => {
    db = await createTestDatabase();
    const trade = (taker: number, maker: number, priceTicks: number, lots: number, sec: number) => ({
      symbol: 'BTCUSDT',
      priceTicks,
      qtyLots: lots,
      baseAmount: BigInt(lots) * 1000n, // 0.00001 BTC a lot, base scale 8
      quoteAmount: BigInt(priceTicks) * BigInt(lots),
      takerSide: 'buy' as const,
      takerOrderId: sec,
      makerOrderId: sec + 1000,
      takerUserId: taker,
      makerUserId: maker,
      takerFee: 0n,
      makerFee: 0n,
      demo: taker === TAKER,
      createdAt: new Date(clock.now() - 20_000 + sec * 1000),
    });
    // trades without their orders and users: only the classification is under test here
    rows = await db.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      return tx
        .insert(spotTrades)
        .values([
          trade(TAKER, MAKER, 1_000_000, 300, 0), // demo taker vs market maker: 0.003 BTC
          trade(USER, MAKER, 1_000_100, 100, 1), // a user vs the market maker: 0.001 BTC
          trade(MAKER, USER, 1_000_200, 200, 2), // the maker takes a user's order: 0.002 BTC
        ])
        .returning();
    });
    data = new MarketData(db.database.db, clock, 100);
    data.setPlatformAccounts([MAKER, TAKER]);
    data.addTrades('BTCUSDT', rows);
  });
  afterAll(async () => {
    await db.dispose();
  });

  it("classifies a trade as the platform's only when both sides are platform accounts", () => {
    const platform = new Set([MAKER, TAKER]);
    expect(isPlatformTrade({ takerUserId: TAKER, makerUserId: MAKER }, platform)).toBe(true);
    expect(isPlatformTrade({ takerUserId: USER, makerUserId: MAKER }, platform)).toBe(false);
    expect(isPlatformTrade({ takerUserId: MAKER, makerUserId: USER }, platform)).toBe(false);
  });

  it("the ticker counts users' trades as volume and reports the platform's apart", () => {
    const t = data.ticker('BTCUSDT');
    expect(t.volume).toBe('0.003');
    expect(t.turnover).toBe('300.05');
    expect(t.platformVolume).toBe('0.003');
    expect(t.last).toBe('100020');
  });

  it("candles leave the platform's trades out of volume and turnover", async () => {
    const [c] = await data.candles('BTCUSDT', '1m');
    expect(c).toMatchObject({ volume: '0.003', turnover: '300.05', trades: 3 });
  });
});
