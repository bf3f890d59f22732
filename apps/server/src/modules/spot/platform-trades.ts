import { service, type AppContext } from '../../platform/context.ts';
import type { MarketMakerConfig } from './market-maker.config.ts';
import { DEMO_TAKER_EMAIL, MARKET_MAKER_EMAIL } from './market-maker.seed.ts';

/**
 * Honest volume (decision 0015). The platform's own accounts — the market maker and the demo taker — trade with
 * each other only to make a demo look alive. Such a trade moves nobody's money but the platform's, so it is not
 * market volume: tickers and candles leave it out of `volume` / `turnover` and the ticker reports it apart, as
 * `platformVolume`. A trade where a user is on either side is ordinary volume.
 */

/** The demo taker invents trades; on live prices that would be fake volume. Refused at start-up, naming the setting. */
export function refuseDemoTakerOnLivePrices(config: Pick<MarketMakerConfig, 'demoTaker'>, pricesAreDemo: boolean) {
  if (config.demoTaker === true && !pricesAreDemo) {
    throw new Error(
      'SPOT_DEMO_TAKER=on is refused with a live price source (PRICE_SOURCE=ccxt): the demo taker trades with the ' +
        'platform market maker, which would show fake volume on real prices. Remove SPOT_DEMO_TAKER or set it to off.',
    );
  }
}

/** Ids of the platform's own trading accounts that exist (they are created by the seed or the market maker). */
export async function platformAccountIds(ctx: AppContext): Promise<number[]> {
  const accounts = service(ctx, 'account');
  const ids: number[] = [];
  for (const email of [MARKET_MAKER_EMAIL, DEMO_TAKER_EMAIL]) {
    const id = await accounts.findIdByEmail(email);
    if (id !== null) ids.push(id);
  }
  return ids;
}

/** A trade between two platform accounts (both sides). */
export function isPlatformTrade(
  t: { takerUserId: number; makerUserId: number },
  platform: ReadonlySet<number>,
): boolean {
  return platform.has(t.takerUserId) && platform.has(t.makerUserId);
}
