import crypto from 'node:crypto';
import { service, type AppContext } from '../../platform/context.ts';
import { lotsToQty, ticksToPrice } from './domain/contracts.ts';
import { divCeil, divFloor, parseFixed, parseRate, RATE_ONE, USDT_SCALE } from '@tidemark/futures-math';
import type { FuturesConfig } from './futures.config.ts';
import type { FuturesService } from './futures.service.ts';
import { walletOf } from './settle-fill.ts';
import { serialLoop, type SerialLoop } from '../../platform/serial-loop.ts';

/**
 * The futures market maker (DESIGN.md §6): a normal, visible account with its own capital in its futures
 * wallet (put in by the seed through an honest entry from outside_world) that quotes post-only levels
 * around the MARK price of every contract through the same sequencer path as every user. It holds positions
 * like anyone — and can be liquidated or deleveraged like anyone.
 */
export const FUTURES_MAKER_EMAIL = 'futuresmaker@tidemark.local';
const CAPITAL = parseFixed('5000000', USDT_SCALE);
const LEVERAGE = 5;
const REQUOTE = parseRate('0.001');

/** Seed step: the futures market maker's account and capital (idempotent). */
export async function seedFuturesMarketMaker(ctx: AppContext): Promise<void> {
  const accounts = service(ctx, 'account');
  if (await accounts.findIdByEmail(FUTURES_MAKER_EMAIL)) return;
  const ledger = service(ctx, 'ledger');
  await ledger.transaction(async (tx) => {
    const row = await accounts.create(
      {
        email: FUTURES_MAKER_EMAIL,
        phoneCountry: null,
        phone: null,
        password: crypto.randomBytes(32).toString('hex') + 'a1',
        inviterId: null,
      },
      tx,
    );
    await ledger.transfer(
      tx,
      'capital',
      { system: 'outside_world', currency: 'USDT' },
      walletOf(row.id),
      CAPITAL,
      `user:${row.id}`,
      'futures market maker capital',
    );
  });
}

export interface FuturesMarketMakerDeps {
  ctx: AppContext;
  futures: FuturesService;
  config: FuturesConfig;
}

export class FuturesMarketMaker {
  private readonly quotedAt = new Map<string, bigint>();
  private loop: SerialLoop | null = null;
  private makerId = 0;
  private round = 0;

  private readonly deps: FuturesMarketMakerDeps;
  constructor(deps: FuturesMarketMakerDeps) {
    this.deps = deps;
  }

  async start(): Promise<void> {
    await seedFuturesMarketMaker(this.deps.ctx);
    this.makerId = (await service(this.deps.ctx, 'account').findIdByEmail(FUTURES_MAKER_EMAIL))!;
    for (const symbol of this.deps.futures.books.keys()) {
      await this.deps.futures.setLeverage(this.makerId, symbol, LEVERAGE).catch(() => undefined);
    }
    this.loop = serialLoop(
      2000,
      () => this.step(),
      (err) => this.deps.ctx.log.warn({ err }, 'futures market maker step failed'),
      { unref: true },
    );
  }

  async stop(): Promise<void> {
    await this.loop?.stop();
    this.loop = null;
  }

  private async step(): Promise<void> {
    this.round += 1;
    const spread = parseRate(this.deps.config.mmSpread);
    const levelUnits = parseFixed(this.deps.config.mmLevelUsdt, USDT_SCALE);
    for (const [symbol, book] of this.deps.futures.books) {
      const mark = book.mark;
      if (mark === null) continue;
      const last = this.quotedAt.get(symbol);
      const moved = last === undefined || (mark > last ? mark - last : last - mark) * RATE_ONE > REQUOTE * last;
      const thin = book.openOrdersOf(this.makerId).length < this.deps.config.mmLevels;
      if (!moved && !thin) continue;
      await book.run((tx) => book.cancelAllOf(tx, this.makerId, 'requote'));
      const c = book.contract;
      // every level at once: the quotes queue together and commit as one group
      const quotes: Array<Promise<unknown>> = [];
      for (let i = 0; i < this.deps.config.mmLevels; i++) {
        const distance = spread * BigInt(i + 1);
        const bid = divFloor(mark * (RATE_ONE - distance), RATE_ONE);
        const ask = divCeil(mark * (RATE_ONE + distance), RATE_ONE);
        for (const [side, ticks] of [
          ['buy', bid],
          ['sell', ask],
        ] as const) {
          if (ticks <= 0n) continue;
          const lots = divCeil(levelUnits, ticks);
          quotes.push(
            this.deps.futures
              .place(this.makerId, {
                clientOrderId: `fmm-${symbol}-${this.round}-${side}${i}-${crypto.randomBytes(3).toString('hex')}`,
                symbol,
                side,
                type: 'limit',
                price: ticksToPrice(c, ticks),
                quantity: lotsToQty(c, lots),
                postOnly: true,
              })
              .catch((err: unknown) => this.deps.ctx.log.debug({ err, symbol }, 'futures market maker quote refused')),
          );
        }
      }
      await Promise.all(quotes);
      this.quotedAt.set(symbol, mark);
    }
  }
}
