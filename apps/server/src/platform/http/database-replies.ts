import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';

/**
 * The embedded database's replies, taken between requests (`Database.poll`, pglite-thread.ts). Under load the event
 * loop reads many sockets before it reaches the database thread's message, and that thread waits meanwhile for the
 * next statement: a spot group waiting for its read is decided, and its write sent, only once the reply is taken.
 * Taken before each handler (the orders being queued) and before each answer is sent (after a group commits its
 * answers go out in one burst, which the next group's read would otherwise wait behind). Nothing on PostgreSQL,
 * whose replies are socket reads the loop takes in turn. Callback hooks: every request runs them.
 */
export function installDatabaseReplies(app: FastifyInstance, database: Database): void {
  const poll = database.poll;
  if (!poll) return;
  app.addHook('preHandler', (_request, _reply, done) => {
    poll();
    done();
  });
  app.addHook('onSend', (_request, _reply, payload, done) => {
    poll();
    done(null, payload);
  });
}
