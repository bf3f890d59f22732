import crypto from 'node:crypto';
import { divRound, pow10 } from '@tidemark/contract/money';
import type { AppContext } from '../../platform/context.ts';
import { formatLots } from './market-maker.quotes.ts';
import { MARKETS, priceToTicks, type Market } from './markets.ts';
import { logRefusal } from './refusal-log.ts';
import type { SpotService } from './spot.service.ts';

/**
 * In demo mode (simulated prices) the demo taker sends one small market order per round so candles
 * move; its orders and their trades are flagged `demo`. The market, side and size are random: that is
 * the point of a demo, and no balance is computed from them.
 */
export class DemoTaker {
  private readonly ctx: AppContext;
  private readonly spot: SpotService;
  private readonly takerId: number;
  private readonly markets: readonly Market[];

  constructor(ctx: AppContext, spot: SpotService, takerId: number, symbols: readonly string[]) {
    this.ctx = ctx;
    this.spot = spot;
    this.takerId = takerId;
    this.markets = MARKETS.filter((m) => symbols.includes(m.symbol));
  }

  /** One market order worth 10–99 USDT on a market chosen at random among its markets. */
  async take(round: number): Promise<void> {
    if (!this.markets.length) return;
    const m = this.markets[crypto.randomInt(this.markets.length)]!;
    const side = crypto.randomInt(2) === 0 ? 'buy' : 'sell';
    const usdt = BigInt(10 + crypto.randomInt(90));
    const book = this.spot.data.depth(m.symbol, 1);
    const best = (side === 'buy' ? book.asks : book.bids)[0];
    if (!best) return;
    const clientOrderId = `demo-${round}-${crypto.randomBytes(4).toString('hex')}`;
    const order =
      side === 'buy'
        ? { quoteAmount: usdt.toString() }
        : {
            // lots worth about `usdt` at the best bid: USDT minor units / ticks (one lot at one tick is one minor unit)
            quantity: formatLots(
              m,
              maxOne(divRound(usdt * pow10(m.quoteScale), BigInt(priceToTicks(m, best[0]) ?? 1), 'ceil')),
            ),
          };
    try {
      await this.spot.place(
        this.takerId,
        { clientOrderId, symbol: m.symbol, side, type: 'market', ...order },
        { demo: true },
      );
    } catch (err) {
      logRefusal(this.ctx, err, 'demo taker order', { symbol: m.symbol, side, clientOrderId, ...order });
    }
  }
}

const maxOne = (lots: bigint): bigint => (lots > 0n ? lots : 1n);
