import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { formatUnits, parseUnits } from '@tidemark/contract/money';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest, conflict } from '../../platform/http/app-error.ts';
import type { PriceService } from '../market/price.service.ts';
import { runOnce } from '../wallet/idempotency.ts';
import type { LedgerService, Movement } from '../wallet/ledger.service.ts';
import {
  STAKE_CURRENCY,
  STAKE_SCALE,
  productView,
  termsIdOf,
  type CycleCatalog,
  type Product,
} from './catalog.service.ts';
import { contractView } from './contract-view.ts';
import { cycleContracts, cycleRiskAcceptances } from './cycle.schema.ts';
import { feeFor, payoutOf } from './economics.ts';
import { lockPool } from './settlement.job.ts';
import { CYCLE_RULE_VERSION, type Direction } from './settle.ts';
import { amountInput } from '../../platform/http/amount-input.ts';

export const RISK_DOCUMENT = 'risk_cycle';

export interface ContractDeps {
  ctx: AppContext;
  ledger: LedgerService;
  prices: PriceService;
  catalog: CycleCatalog;
}

export interface QuoteInput {
  instrument: string;
  period: number;
  direction: Direction;
  stake: string;
}

export interface BuyInput extends QuoteInput {
  requestId: string;
  acceptRisk?: boolean | undefined;
  /** The terms fingerprint of the quote the user saw (termsIdOf); any change since refuses the purchase. */
  terms: string;
  /** The payout rate the user saw (older clients); if the product changed since, the purchase is refused. */
  payoutRate?: string | undefined;
}

/** The countries a caller is in: the verified one (KYC) and the request's country header. */
export async function countriesOf(
  ctx: AppContext,
  userId: number | null,
  headers: Record<string, unknown>,
): Promise<string[]> {
  const out = new Set<string>();
  for (const h of ['cf-ipcountry', 'x-country']) {
    const v = headers[h];
    if (typeof v === 'string' && /^[A-Za-z]{2}$/.test(v.trim())) out.add(v.trim().toUpperCase());
  }
  const kyc = ctx.services.kyc;
  if (userId !== null && kyc?.countryOf) {
    const c = await kyc.countryOf(userId);
    if (c) out.add(c.toUpperCase());
  }
  return [...out];
}

function stakeOf(text: string, product: Product): bigint {
  const stake = amountInput(text, STAKE_SCALE, 'stake');
  if (stake < product.minStake || stake > product.maxStake) {
    const v = productView(product);
    throw badRequest(
      'CYCLE_STAKE_RANGE',
      'cycle.stakeRange',
      { min: v.minStake, max: v.maxStake, currency: STAKE_CURRENCY },
      'stake',
    );
  }
  return stake;
}

async function riskAccepted(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ u: cycleRiskAcceptances.userId })
    .from(cycleRiskAcceptances)
    .where(eq(cycleRiskAcceptances.userId, userId));
  return Boolean(row);
}

/** What a purchase would cost and return, before the user confirms. Changes nothing. */
export async function quote(deps: ContractDeps, userId: number, countries: string[], input: QuoteInput) {
  const product = await deps.catalog.purchasable(input.instrument, input.period, countries);
  const stake = stakeOf(input.stake, product);
  const fee = feeFor(stake, product.feeRate);
  const payout = payoutOf(stake, product.payoutRate);
  const index = deps.prices.latest(input.instrument);
  return {
    ...productView(product),
    instrument: input.instrument,
    direction: input.direction,
    stake: formatUnits(stake, STAKE_SCALE),
    fee: formatUnits(fee, STAKE_SCALE),
    total: formatUnits(stake + fee, STAKE_SCALE),
    expectedReturn: formatUnits(payout, STAKE_SCALE),
    expectedProfit: formatUnits(payout - stake, STAKE_SCALE),
    currency: STAKE_CURRENCY,
    indexPrice: index.price,
    indexTs: index.ts,
    demo: index.demo,
    riskAccepted: await riskAccepted(deps.ctx.db, userId),
    riskDocument: RISK_DOCUMENT,
    ruleVersion: CYCLE_RULE_VERSION,
  };
}

/**
 * Buys a contract, once per requestId: the stake is frozen in the spot account and the fee paid, the
 * end time fixed (commit time + period). Refused when the user's open stakes would pass the product's
 * exposure limit, or when the pool could not pay this contract's profit together with every open
 * contract's — a winner is never left unpaid.
 */
export async function buy(deps: ContractDeps, userId: number, countries: string[], input: BuyInput) {
  const { ctx, ledger, catalog } = deps;
  // the quiz and the cooling-off (responsible-trading module, when present)
  await ctx.services.responsible?.assertMayOpen(userId, 'cycle');
  const body = { ...input, acceptRisk: input.acceptRisk ?? false };
  return runOnce(ledger, userId, input.requestId, 'cycle.buy', body, async (tx) => {
    const product = await catalog.purchasable(input.instrument, input.period, countries, tx);
    if (
      input.terms !== termsIdOf(product) ||
      (input.payoutRate !== undefined && parseUnits(input.payoutRate, 4, 'floor') !== parseUnits(product.payoutRate, 4))
    ) {
      throw conflict('CYCLE_TERMS_CHANGED', 'cycle.termsChanged');
    }
    const stake = stakeOf(input.stake, product);
    if (!(await riskAccepted(tx, userId))) {
      if (!input.acceptRisk)
        throw badRequest('CYCLE_RISK_NOT_ACCEPTED', 'cycle.riskNotAccepted', undefined, 'acceptRisk');
      await tx
        .insert(cycleRiskAcceptances)
        .values({ userId, documentCode: RISK_DOCUMENT, acceptedAt: new Date(ctx.clock.now()) })
        .onConflictDoNothing();
    }
    // no contract is sold on a stale index: its entry tick would likely be missing
    const index = deps.prices.latest(input.instrument);
    const fee = feeFor(stake, product.feeRate);
    const payout = payoutOf(stake, product.payoutRate);

    await lockPool(tx);
    const [mine] = await tx
      .select({ staked: sql<string>`coalesce(sum(${cycleContracts.stake}), 0)` })
      .from(cycleContracts)
      .where(and(eq(cycleContracts.userId, userId), eq(cycleContracts.status, 'open')));
    if (BigInt(mine!.staked) + stake > product.userExposureLimit) {
      throw badRequest(
        'CYCLE_EXPOSURE_LIMIT',
        'cycle.exposureLimit',
        { limit: productView(product).exposureLimit, currency: STAKE_CURRENCY },
        'stake',
      );
    }
    const pool = await ledger.lockBalance(tx, { system: 'cycle_pool', currency: STAKE_CURRENCY });
    const [open] = await tx
      .select({ liability: sql<string>`coalesce(sum(${cycleContracts.payout} - ${cycleContracts.stake}), 0)` })
      .from(cycleContracts)
      .where(eq(cycleContracts.status, 'open'));
    if (BigInt(open!.liability) + (payout - stake) > pool.available) {
      throw new AppError(503, 'CYCLE_CAPACITY', 'cycle.capacity');
    }

    const user = { userId, currency: STAKE_CURRENCY, wallet: 'spot' as const };
    const movements: Movement[] = [{ account: user, available: -(stake + fee), frozen: stake }];
    if (fee > 0n) movements.push({ account: { system: 'fees', currency: STAKE_CURRENCY }, available: fee });
    const { transactionId } = await ledger.post(tx, {
      kind: 'cycle_buy',
      reference: `cycle-request:${userId}:${input.requestId}`,
      movements,
    });
    const committedAt = ctx.clock.now();
    const [row] = await tx
      .insert(cycleContracts)
      .values({
        userId,
        requestId: input.requestId,
        instrument: input.instrument,
        periodSeconds: input.period,
        direction: input.direction,
        currency: STAKE_CURRENCY,
        stake,
        fee,
        payoutRate: product.payoutRate,
        payout,
        committedAt: new Date(committedAt),
        endAt: new Date(committedAt + input.period * 1000),
        ruleVersion: CYCLE_RULE_VERSION,
        demo: index.demo,
        buyTransactionId: transactionId,
      })
      .returning();
    return { ...contractView(row!), now: committedAt };
  });
}

/**
 * The user's contracts: open ones (with their entry tick once it exists) or the settled history.
 * `now` is the server's clock, so the app's countdown follows it rather than the phone's.
 */
export async function listContracts(
  deps: ContractDeps,
  userId: number,
  status: 'open' | 'history',
  page: number,
  size: number,
) {
  const where = and(
    eq(cycleContracts.userId, userId),
    status === 'open' ? eq(cycleContracts.status, 'open') : ne(cycleContracts.status, 'open'),
  );
  const [count] = await deps.ctx.db
    .select({ n: sql<string>`count(*)` })
    .from(cycleContracts)
    .where(where);
  const rows = await deps.ctx.db
    .select()
    .from(cycleContracts)
    .where(where)
    .orderBy(desc(cycleContracts.id))
    .limit(size)
    .offset((page - 1) * size);
  const list = [];
  for (const c of rows) {
    const view = contractView(c);
    if (c.status === 'open') {
      // the entry tick is the first stored one after the commit; show it as soon as it exists
      const [entry] = await deps.prices.ticks(c.instrument, c.committedAt.getTime() + 1, c.endAt.getTime(), 1);
      if (entry) Object.assign(view, { buyPrice: entry.price, buyPriceTs: entry.ts });
    }
    list.push(view);
  }
  return { total: Number(count?.n ?? 0), page, size, list, now: deps.ctx.clock.now() };
}
