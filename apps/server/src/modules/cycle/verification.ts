import { eq } from 'drizzle-orm';
import { formatUnits, parseUnits } from '@tidemark/contract/money';
import { STAKE_SCALE } from './catalog.service.ts';
import type { Db } from '../../platform/db/database.ts';
import type { PriceService } from '../market/price.service.ts';
import { contractView, termsOf, type ContractRow } from './contract-view.ts';
import { cycleContracts } from './cycle.schema.ts';
import { LedgerService } from '../wallet/ledger.service.ts';
import { settlementPosting, postingMatches, type JournalReader } from './settlement-posting.ts';
import { CLOSE_WINDOW_MS, CYCLE_RULE_VERSION, settleByRule, type Settlement } from './settle.ts';

/**
 * Ticks read on each side of the window, so a reader sees the neighbours of the entry and exit ticks — and the
 * closing tick (rule v2), which must lie within CLOSE_WINDOW_MS after the end.
 */
export const AROUND_MS = Math.max(5_000, CLOSE_WINDOW_MS);
const MAX_WINDOW_TICKS = 100_000;

export type TickReader = Pick<PriceService, 'ticksWithSources'>;
export type SourcedTick = Awaited<ReturnType<PriceService['ticksWithSources']>>[number];

/** The stored ticks a contract is settled from (its window plus AROUND_MS on both sides). */
export function windowTicks(prices: TickReader, c: ContractRow): Promise<SourcedTick[]> {
  return prices.ticksWithSources(
    c.instrument,
    c.committedAt.getTime() - AROUND_MS,
    c.endAt.getTime() + AROUND_MS,
    MAX_WINDOW_TICKS,
  );
}

/** Whether a stored settlement is the one settle() gives for the stored ticks. */
export function agrees(c: ContractRow, s: Settlement): boolean {
  if (c.status === 'open') return false;
  return (
    c.status === s.outcome &&
    (c.refundReason ?? null) === s.refundReason &&
    c.credit === s.credit &&
    (c.entryTs?.getTime() ?? null) === (s.entry?.ts ?? null) &&
    (c.exitTs?.getTime() ?? null) === (s.exit?.ts ?? null) &&
    samePrice(c.entryPrice, s.entry?.price ?? null) &&
    samePrice(c.exitPrice, s.exit?.price ?? null)
  );
}

function samePrice(stored: string | null, tick: string | null): boolean {
  if (stored === null || tick === null) return stored === tick;
  return parseUnits(stored, 18) === parseUnits(tick, 18);
}

/**
 * The verification detail of a contract: its terms, the ticks around the entry and the exit with
 * their sources, the result recomputed now from the stored ticks, and whether it matches the stored
 * result. Also what `npm run cycle:verify` prints.
 */
export async function verificationOf(
  db: Db,
  prices: TickReader,
  id: number,
  journal: JournalReader = new LedgerService(db),
) {
  const [c] = await db.select().from(cycleContracts).where(eq(cycleContracts.id, id));
  if (!c) return null;
  const ticks = await windowTicks(prices, c);
  // the rule the contract was sold under, not the current one
  const recomputed = settleByRule(c.ruleVersion, termsOf(c), ticks);
  const posting = c.status === 'open' ? null : await settlementPosting(db, journal, c);
  const committedAt = c.committedAt.getTime();
  const endAt = c.endAt.getTime();
  const entryTs = recomputed.entry?.ts ?? committedAt;
  const exitTs = recomputed.exit?.ts ?? endAt;
  const mark = (t: SourcedTick) => ({
    ts: t.ts,
    price: t.price,
    sources: t.sources,
    demo: t.demo,
    flag: t.ts === recomputed.entry?.ts ? 'entry' : t.ts === recomputed.exit?.ts ? 'exit' : null,
  });
  return {
    contract: c,
    view: contractView(c),
    rules: { version: c.ruleVersion, current: CYCLE_RULE_VERSION },
    // ticks from a little before the commit to a little after the entry, and around the exit to after the end
    contractStart: ticks.filter((t) => t.ts >= committedAt - AROUND_MS && t.ts <= entryTs + 3_000).map(mark),
    contractEnd: ticks.filter((t) => t.ts >= exitTs - 3_000 && t.ts <= endAt + AROUND_MS).map(mark),
    windowTickCount: ticks.filter((t) => t.ts > committedAt && t.ts <= endAt).length,
    recomputed: {
      outcome: c.status === 'open' ? null : recomputed.outcome,
      refundReason: c.status === 'open' ? null : recomputed.refundReason,
      entry: recomputed.entry,
      exit: c.status === 'open' ? null : recomputed.exit,
    },
    matches: c.status === 'open' ? null : agrees(c, recomputed) && postingMatches(c, recomputed, posting),
    // the journal entry that settled it: what was actually paid, against what the recomputed result pays
    ledger:
      c.status === 'open'
        ? null
        : {
            transactionId: c.settleTransactionId,
            kind: posting?.kind ?? null,
            paid: posting ? formatUnits(posting.holderAvailable, STAKE_SCALE) : null,
            expected: formatUnits(recomputed.credit, STAKE_SCALE),
            matches: postingMatches(c, recomputed, posting),
          },
    // anyone can fetch the same ticks from the public call
    publicTicks: {
      path: '/api/xb/v1/market/ticks',
      body: { instrument: c.instrument, from: committedAt - AROUND_MS, to: endAt + AROUND_MS },
    },
  };
}
