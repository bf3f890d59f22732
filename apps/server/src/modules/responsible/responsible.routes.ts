import { asciiText } from '@tidemark/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import { EXCLUSION_PERIODS } from './responsible.schema.ts';
import type { ResponsibleService } from './responsible.service.ts';
import { QUIZ } from './rules.ts';

const quizIds = QUIZ.map((q) => q.id) as [string, ...string[]];

/** The app's calls: the user's responsible-trading status, the quiz and the cooling-off. */
export function registerResponsibleRoutes(app: Api, ctx: AppContext, responsible: ResponsibleService): void {
  const user = { preHandler: ctx.guards.user };
  const tags = ['responsible'];

  app.post(
    '/xb/v1/responsible/status',
    { ...user, schema: { tags, body: z.object({}).strict().optional() } },
    async (request) => responsible.status(request.user!.id, request.locale),
  );

  app.post(
    '/xb/v1/responsible/quiz/submit',
    {
      ...user,
      schema: {
        tags,
        body: z
          .object({
            answers: z.partialRecord(
              z.enum(quizIds),
              asciiText({ max: 4 }).regex(/^[a-z]$/, 'responsible.answerInvalid'),
            ),
          })
          .strict(),
      },
    },
    async (request) =>
      responsible.submitQuiz(request.user!.id, request.body.answers as Record<string, string>, request.locale),
  );

  app.post(
    '/xb/v1/responsible/cooling-off/set',
    {
      ...user,
      schema: {
        tags,
        body: z.object({ period: z.enum(EXCLUSION_PERIODS, 'responsible.periodInvalid') }).strict(),
      },
    },
    async (request) => responsible.exclude(request.user!.id, request.body.period, request.locale),
  );
}
