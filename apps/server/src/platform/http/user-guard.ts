import type { SessionStore } from '../session/session-store.ts';
import { tokenFromHeader } from '../session/session-store.ts';
import type { PreHandler } from '../context.ts';
import { unauthorized } from './app-error.ts';
import { labelGuard } from './route-table.ts';

export function userGuard(sessions: SessionStore): PreHandler {
  return labelGuard<PreHandler>(
    async (request) => {
      const token = tokenFromHeader(request.headers.authorization);
      if (!token) throw unauthorized();
      const session = await sessions.resolve(token, 'user');
      if (!session) throw unauthorized();
      request.user = { id: session.principalId, sessionId: session.id };
    },
    { kind: 'user' },
  );
}
