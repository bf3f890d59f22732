import { and, desc, eq, like, sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error.ts';
import type { Config } from '../../platform/config.ts';
import { CURRENCIES } from '../market/currencies.ts';
import { amountOrFail, currencyOrFail, show } from './amounts.ts';
import { runOnce } from './idempotency.ts';
import { ledgerTransactions } from './ledger.schema.ts';
import type { Movement } from './ledger.service.ts';
import type { WalletDeps } from './wallet-deps.ts';

/** The journal kind of a demo grant: a deposit (so it lists with deposits) marked demo. */
export const DEMO_FUNDS_KIND = 'deposit.demo';
export const DEMO_FUNDS_MEMO = 'demo funds (simulated chain, not real money)';

export interface DemoFundsConfig {
  /** What one grant credits to the spot wallet, per currency (decimal strings). */
  amounts: { currency: string; amount: string }[];
  /** The least time between two grants to the same user. */
  intervalMs: number;
}

/** Which chain adapter serves a network (one adapter serves every network today). */
/** Whether the simulated chain itself serves a network (ChainRouter.isSimulated). */
export type SimulatedNetwork = (network: string) => boolean;

/**
 * Demo funds exist only where they cannot be mistaken for money: never when NODE_ENV=production, and
 * only while every network the granted currencies move on is served by the simulated chain — a real
 * adapter means real deposits, and a free credit beside them would be a money printer.
 */
export function demoFundsAllowed(config: Config, demo: DemoFundsConfig, isSimulated: SimulatedNetwork): boolean {
  if (config.env === 'production' || demo.amounts.length === 0) return false;
  return demo.amounts.every(({ currency }) => currencyOrFail(currency).chains.every((c) => isSimulated(c.chain)));
}

/** "USDT:10000,BTC:0.5" → the amounts of one grant (unknown currencies or bad amounts stop the start). */
export function parseDemoAmounts(text: string): DemoFundsConfig['amounts'] {
  return text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const [code = '', amount = ''] = p.split(':').map((s) => s.trim());
      const currency = CURRENCIES.find((c) => c.code === code.toUpperCase());
      if (!currency) throw new Error(`DEMO_FUNDS: unknown currency ${code}`);
      amountOrFail(amount, currency); // refuses a bad amount loudly at start-up
      return { currency: currency.code, amount };
    });
}

const referencePrefix = (userId: number) => `demo-funds:${userId}:`;

/** When the user last received demo funds, or null. */
async function lastGrantAt(deps: WalletDeps, userId: number, db = deps.ctx.db): Promise<number | null> {
  const [row] = await db
    .select({ at: ledgerTransactions.createdAt })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.kind, DEMO_FUNDS_KIND),
        like(ledgerTransactions.reference, `${referencePrefix(userId)}%`),
      ),
    )
    .orderBy(desc(ledgerTransactions.id))
    .limit(1);
  return row ? row.at.getTime() : null;
}

/** What the deposit and assets screens show: the grant, and when it is possible again (null: now). */
export async function demoFundsStatus(deps: WalletDeps, demo: DemoFundsConfig, userId: number) {
  const last = await lastGrantAt(deps, userId);
  const nextAt = last === null ? null : last + demo.intervalMs;
  const now = deps.ctx.clock.now();
  return {
    demo: true as const,
    amounts: demo.amounts,
    intervalMinutes: Math.round(demo.intervalMs / 60_000),
    nextAt: nextAt !== null && nextAt > now ? nextAt : null,
  };
}

/**
 * Credits one demo grant to the user's spot wallet: one journal entry from outside_world (the mirror
 * of the simulated chain), kind 'deposit.demo', memo saying it is demo money. At most once per
 * interval per user (serialised per user, so two taps with different ids cannot both pass); the
 * same requestId answers the first result.
 */
export async function claimDemoFunds(
  deps: WalletDeps,
  demo: DemoFundsConfig,
  userId: number,
  body: { requestId: string },
) {
  return runOnce(deps.ledger, userId, body.requestId, 'demo-funds', body, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('wallet.demo-funds'), ${userId}::int)`);
    const now = deps.ctx.clock.now();
    const last = await lastGrantAt(deps, userId, tx);
    if (last !== null && last + demo.intervalMs > now) {
      const nextAt = last + demo.intervalMs;
      throw new AppError(429, 'DEMO_FUNDS_TOO_SOON', 'demoFunds.tooSoon', {
        minutes: Math.max(1, Math.ceil((nextAt - now) / 60_000)),
        time: new Date(nextAt).toISOString().slice(11, 16),
      });
    }
    const movements: Movement[] = demo.amounts.flatMap(({ currency, amount }) => {
      const units = amountOrFail(amount, currencyOrFail(currency));
      return [
        { account: { userId, currency, wallet: 'spot' as const }, available: units },
        { account: { system: 'outside_world' as const, currency }, available: -units },
      ];
    });
    const { transactionId } = await deps.ledger.post(tx, {
      kind: DEMO_FUNDS_KIND,
      reference: `${referencePrefix(userId)}${body.requestId}`,
      memo: DEMO_FUNDS_MEMO,
      movements,
    });
    return {
      demo: true as const,
      transactionId,
      wallet: 'spot' as const,
      credited: demo.amounts.map(({ currency, amount }) => ({
        currency,
        amount: show(amountOrFail(amount, currencyOrFail(currency)), currency),
      })),
      nextAt: now + demo.intervalMs,
    };
  });
}
