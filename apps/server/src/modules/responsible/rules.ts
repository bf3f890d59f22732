import type { ExclusionPeriod } from './responsible.schema.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A month is 30 days here: the end time is shown to the user before they confirm, so it is never a surprise. */
export const PERIOD_MS: Record<ExclusionPeriod, number> = {
  '24h': DAY,
  '7d': 7 * DAY,
  '30d': 30 * DAY,
  '3m': 90 * DAY,
  '6m': 180 * DAY,
};

/**
 * The end of a new cooling-off set at `now`, or null when it would end before the one in force: a cooling-off
 * can be extended but never shortened (the point of setting one is that a later, impulsive self cannot undo it).
 */
export function extendedUntil(current: number | null, now: number, period: ExclusionPeriod): number | null {
  const until = now + PERIOD_MS[period];
  if (current !== null && current > now && until < current) return null;
  return until;
}

/** The leverage cap of an account of this age, or null when it is old enough to use the contract's own. */
export function leverageCapFor(
  createdAt: number,
  now: number,
  rule: { youngDays: number; cap: number },
): { cap: number; until: number } | null {
  const until = createdAt + rule.youngDays * DAY;
  return now < until ? { cap: rule.cap, until } : null;
}

/**
 * The appropriateness quiz: questions and their option ids; the texts (question, options, why) are in the
 * apps' locale files under `responsible.quiz.<id>…`. Every question must be answered right to pass; a wrong
 * answer is shown with its explanation and the quiz can be taken again at once.
 */
export const QUIZ: ReadonlyArray<{ id: string; options: readonly string[]; correct: string }> = [
  // leverage multiplies losses as well as gains
  { id: 'leverage', options: ['a', 'b', 'c'], correct: 'b' },
  // a position is liquidated when its margin no longer covers the loss; the margin can be lost entirely
  { id: 'liquidation', options: ['a', 'b', 'c'], correct: 'c' },
  // a cycle contract that ends the wrong way loses the whole stake
  { id: 'cycle', options: ['a', 'b', 'c'], correct: 'a' },
  // funding is paid or received every interval while a position is open
  { id: 'funding', options: ['a', 'b', 'c'], correct: 'b' },
];

export function gradeQuiz(answers: Record<string, string>): { passed: boolean; wrong: string[] } {
  const wrong = QUIZ.filter((q) => answers[q.id] !== q.correct).map((q) => q.id);
  return { passed: wrong.length === 0, wrong };
}
