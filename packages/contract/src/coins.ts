/**
 * `coinType` picks a coin's icon (spec §3: ids 0–16, 1001–1005, 2001, 2002 exist). The coins are
 * assigned 0–12 in this order; 13–16 are free for coins listed later. 1001–1005 and 2001–2002 are
 * left to other products (commodities, futures) and never name a spot coin.
 */
export const COIN_TYPES = {
  USDT: 0,
  BTC: 1,
  ETH: 2,
  BNB: 3,
  SOL: 4,
  XRP: 5,
  DOGE: 6,
  ADA: 7,
  TRX: 8,
  LTC: 9,
  DOT: 10,
  LINK: 11,
  AVAX: 12,
} as const satisfies Record<string, number>;
export type CoinCode = keyof typeof COIN_TYPES;
