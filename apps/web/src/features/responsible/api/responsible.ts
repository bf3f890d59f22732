import { queryOptions } from '@tanstack/react-query';
import type { ResponsibleStatus } from '@tidemark/contract/responsible';
import { apiPost } from '../../../lib/api.ts';

/** Responsible trading (apps/server/src/modules/responsible): the quiz, the leverage cap, the cooling-off. */

export const COOLING_OFF_PERIODS = ['24h', '7d', '30d', '3m', '6m'] as const;
export type CoolingOffPeriod = (typeof COOLING_OFF_PERIODS)[number];

/** The period lengths the server uses (a month is 30 days), to show the end time before confirming. */
export const PERIOD_MS: Record<CoolingOffPeriod, number> = {
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '3m': 90 * 86_400_000,
  '6m': 180 * 86_400_000,
};

/** By language: the quiz comes in the language of the call. */
export const responsibleKey = (locale: string) => ['responsible', 'status', locale] as const;

export const responsibleQuery = (locale: string) =>
  queryOptions({
    queryKey: responsibleKey(locale),
    queryFn: () => apiPost<ResponsibleStatus>('/xb/v1/responsible/status', {}),
  });

export const submitQuiz = (answers: Record<string, string>) =>
  apiPost<{ passed: boolean; wrong: string[]; explanations: Record<string, string>; status: ResponsibleStatus }>(
    '/xb/v1/responsible/quiz/submit',
    {
      answers,
    },
  );

export const setCoolingOff = (period: CoolingOffPeriod) =>
  apiPost<ResponsibleStatus>('/xb/v1/responsible/cooling-off/set', { period });
