import crypto from 'node:crypto';
import { divRound, parseUnits, pow10 } from '@tidemark/contract/money';
import { service, type AppContext } from '../../platform/context.ts';
import { INSTRUMENTS } from '../market/instruments.ts';
import { MARKETS } from './markets.ts';

/**
 * The accounts of the market maker and the demo taker: normal, visible users that cannot log in,
 * funded once through honest journal entries from outside_world.
 */
export const MARKET_MAKER_EMAIL = 'marketmaker@tidemark.local';
export const DEMO_TAKER_EMAIL = 'demotaker@tidemark.local';

/** Creates (once) an account that cannot log in — its password is random and never kept — and funds it. */
async function ensureFundedAccount(ctx: AppContext, email: string, memo: string, usdt: bigint): Promise<number> {
  const accounts = service(ctx, 'account');
  const found = await accounts.findIdByEmail(email);
  if (found) return found;
  const ledger = service(ctx, 'ledger');
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
      const start = parseUnits(String(inst.start), 6, 'floor');
      const units = divRound(usdt * pow10(m.baseScale), start, 'floor');
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
  const ledger = service(ctx, 'ledger');
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
