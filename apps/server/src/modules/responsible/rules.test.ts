import { describe, expect, it } from 'vitest';
import { extendedUntil, gradeQuiz, leverageCapFor, PERIOD_MS, QUIZ } from './rules.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 12);

describe('cooling-off', () => {
  it('ends the period after now; extends one in force; never shortens it', () => {
    expect(extendedUntil(null, NOW, '24h')).toBe(NOW + DAY);
    expect(extendedUntil(null, NOW, '6m')).toBe(NOW + 180 * DAY);
    expect(extendedUntil(NOW + DAY, NOW, '7d')).toBe(NOW + 7 * DAY);
    expect(extendedUntil(NOW + 7 * DAY, NOW, '24h')).toBeNull();
    // one that has ended is no obstacle
    expect(extendedUntil(NOW - 1, NOW, '24h')).toBe(NOW + DAY);
    expect(Object.values(PERIOD_MS)).toEqual([...Object.values(PERIOD_MS)].sort((a, b) => a - b));
  });
});

describe('leverage cap of young accounts', () => {
  it('caps an account younger than the rule and lets an older one go', () => {
    const rule = { youngDays: 30, cap: 20 };
    expect(leverageCapFor(NOW, NOW, rule)).toEqual({ cap: 20, until: NOW + 30 * DAY });
    expect(leverageCapFor(NOW - 30 * DAY + 1, NOW, rule)).toEqual({ cap: 20, until: NOW + 1 });
    expect(leverageCapFor(NOW - 30 * DAY, NOW, rule)).toBeNull();
  });
});

describe('the quiz', () => {
  it('passes only when every answer is right and names the wrong ones', () => {
    const right = Object.fromEntries(QUIZ.map((q) => [q.id, q.correct]));
    expect(gradeQuiz(right)).toEqual({ passed: true, wrong: [] });
    const oneWrong = { ...right, cycle: 'c' };
    expect(gradeQuiz(oneWrong)).toEqual({ passed: false, wrong: ['cycle'] });
    expect(gradeQuiz({}).wrong).toEqual(QUIZ.map((q) => q.id));
    expect(QUIZ.length).toBeGreaterThanOrEqual(3);
    expect(QUIZ.length).toBeLessThanOrEqual(5);
    for (const q of QUIZ) expect(q.options).toContain(q.correct);
  });
});
