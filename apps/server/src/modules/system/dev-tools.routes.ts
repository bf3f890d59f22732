import { identifier } from '@tidemark/contract';
import { z } from 'zod';
import { OffsetClock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';

/** The development outbox and clock; registered only when DEV_TOOLS names them, never in production. */
export function registerDevToolRoutes(app: Api, ctx: AppContext): void {
  // Codes sent while no SMTP/SMS provider is configured: DEV_TOOLS=outbox only, never in production,
  // and only to a client on this machine (platform/dev-tools/dev-tools-guard.ts).
  if (ctx.config.env !== 'production' && ctx.config.devTools.outbox) {
    app.get(
      '/dev/outbox',
      { schema: { tags: ['dev'], querystring: z.object({ to: identifier({ max: 254 }).optional() }) } },
      async (request) => ({ messages: ctx.outbox.list(request.query.to) }),
    );
  }

  // Moves the server's clock forward (DEV_TOOLS=clock only; config refuses it in production).
  const clock = ctx.clock;
  if (ctx.config.env !== 'production' && ctx.config.devTools.clock && clock instanceof OffsetClock) {
    app.post(
      '/dev/clock/advance',
      {
        schema: {
          tags: ['dev'],
          body: z.object({
            ms: z
              .number()
              .int()
              .min(1)
              .max(400 * 86_400_000),
          }),
        },
      },
      async (request) => {
        clock.advance(request.body.ms);
        return { now: clock.now() };
      },
    );
  }
}
