import { parseUnits } from '@tidemark/contract/money';

/**
 * The settlement rule of a cycle contract, as a pure function of the contract's terms and the
 * stored index ticks — nothing else. No user, no operator setting, no clock, no randomness: the
 * same terms and ticks always give the same result, and anyone holding the public ticks can
 * recompute it (`npm run cycle:verify -- <id>`, or by hand from /xb/v1/market/ticks).
 *
 * Rule version cycle-rules-v2 (docs/decisions/0005-cycle-settlement.md) is cycle-rules-v1 plus the close:
 * - a contract is decided only when a tick stamped at or after its end (within CLOSE_WINDOW_MS of it) is stored.
 *   Ticks are stamped with the time their price was observed and stored in time order, so that tick proves no
 *   price observed before the end can still arrive. Without one (the feed was late or down at the end) the
 *   stake is refunded (`no_close_tick`) — never decided on whatever happened to be stored.
 * Every contract stores the version it was sold under and is settled and verified by that version.
 *
 * Rule version cycle-rules-v1:
 * - entry: the first tick with ts strictly after the commit time;
 * - exit: the last tick with ts at or before the end time (commit time + period, fixed at purchase);
 * - fewer than two ticks in the window (commit, end] — so no entry, or an exit that is the entry
 *   itself: refunded;
 * - up wins when exit > entry, down when exit < entry; equal prices are refunded;
 * - a win credits stake × (1 + payout rate) (the stake back plus the profit); a loss credits nothing;
 *   a refund credits the stake.
 */
export const CYCLE_RULE_V1 = 'cycle-rules-v1';
export const CYCLE_RULE_V2 = 'cycle-rules-v2';
/** The rule new contracts are sold under. */
export const CYCLE_RULE_VERSION = CYCLE_RULE_V2;
export const CYCLE_RULE_VERSIONS = [CYCLE_RULE_V1, CYCLE_RULE_V2] as const;

/** How long after the end a closing tick may be stamped (rule v2). */
export const CLOSE_WINDOW_MS = 5_000;

export type Direction = 'up' | 'down';

export interface ContractTerms {
  direction: Direction;
  /** Epoch ms at which the purchase was committed. */
  committedAt: number;
  /** Epoch ms; committedAt + period, fixed at purchase. */
  endAt: number;
  /** Minor units of the stake currency. */
  stake: bigint;
  /** Minor units credited on a win (stake + profit), fixed at purchase. */
  payout: bigint;
}

export interface Tick {
  ts: number;
  /** Decimal string. */
  price: string;
}

/**
 * no_ticks: no tick inside (commit, end]; single_tick: only one; tie: exit price = entry price;
 * no_close_tick (v2): no tick stamped in [end, end + CLOSE_WINDOW_MS].
 */
export type RefundReason = 'no_ticks' | 'single_tick' | 'tie' | 'no_close_tick';

export interface Settlement {
  outcome: 'won' | 'lost' | 'refunded';
  refundReason: RefundReason | null;
  entry: Tick | null;
  exit: Tick | null;
  /** What the holder receives back at settlement, in minor units (0 on a loss). */
  credit: bigint;
}

/** Prices compared exactly: more decimals than any stored price has. */
const COMPARE_SCALE = 18;
const units = (price: string) => parseUnits(price, COMPARE_SCALE);

/**
 * Orders ticks by time, then price, so the choice below never depends on the order the caller
 * passed them in (two ticks at one instant cannot be stored, but the rule still has an answer).
 */
function byTimeThenPrice(a: Tick, b: Tick): number {
  if (a.ts !== b.ts) return a.ts - b.ts;
  const pa = units(a.price);
  const pb = units(b.price);
  return pa < pb ? -1 : pa > pb ? 1 : 0;
}

/** Rule cycle-rules-v1 (contracts sold before v2 keep it). */
export function settle(terms: ContractTerms, ticks: readonly Tick[]): Settlement {
  const sorted = [...ticks].sort(byTimeThenPrice);
  const entry = sorted.find((t) => t.ts > terms.committedAt) ?? null;
  const exit = sorted.filter((t) => t.ts <= terms.endAt).at(-1) ?? null;
  const refund = (refundReason: RefundReason): Settlement => ({
    outcome: 'refunded',
    refundReason,
    entry,
    exit,
    credit: terms.stake,
  });
  // an entry inside the window implies an exit (the entry itself is at or before the end)
  if (!entry || !exit || entry.ts > terms.endAt) return { ...refund('no_ticks'), entry: null, exit: null };
  if (exit.ts <= entry.ts) return refund('single_tick');
  const move = units(exit.price) - units(entry.price);
  if (move === 0n) return refund('tie');
  const won = terms.direction === 'up' ? move > 0n : move < 0n;
  return won
    ? { outcome: 'won', refundReason: null, entry, exit, credit: terms.payout }
    : { outcome: 'lost', refundReason: null, entry, exit, credit: 0n };
}

/** Rule cycle-rules-v2: v1, decided only once a closing tick at or after the end is stored. */
export function settleV2(terms: ContractTerms, ticks: readonly Tick[]): Settlement {
  const v1 = settle(terms, ticks);
  if (v1.refundReason === 'no_ticks') return v1;
  const closed = ticks.some((t) => t.ts >= terms.endAt && t.ts <= terms.endAt + CLOSE_WINDOW_MS);
  if (!closed)
    return { outcome: 'refunded', refundReason: 'no_close_tick', entry: v1.entry, exit: v1.exit, credit: terms.stake };
  return v1;
}

/** The rule a contract was sold under, applied to it. An unknown version is an error, never a guess. */
export function settleByRule(version: string, terms: ContractTerms, ticks: readonly Tick[]): Settlement {
  if (version === CYCLE_RULE_V1) return settle(terms, ticks);
  if (version === CYCLE_RULE_V2) return settleV2(terms, ticks);
  throw new Error(`unknown cycle rule version ${version}`);
}

/**
 * Whether the stored ticks are complete enough to settle at `now` under the contract's rule: a tick after the end
 * (v1) or at or after it (v2) is stored, or the grace period is over — counted from the end of the close window
 * for v2, so a closing tick stamped inside the window has had the whole grace period to be stored.
 */
export function readyToSettle(version: string, endAt: number, ticks: readonly Tick[], now: number, graceMs: number) {
  if (version === CYCLE_RULE_V1) return ticks.some((t) => t.ts > endAt) || now >= endAt + graceMs;
  return ticks.some((t) => t.ts >= endAt) || now >= endAt + CLOSE_WINDOW_MS + graceMs;
}
