import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { DevOutbox } from './outbox.ts';
import type { SessionStore } from './session/session-store.ts';
import type { SmsSender } from './sms/sms-sender.ts';
import type { FileStorage } from './storage/file-storage.ts';
import type { RootSocket } from './ws/root-socket.ts';

export type PreHandler = (request: FastifyRequest) => Promise<void>;

/** Who is calling: set by the guards below before a handler runs. */
declare module 'fastify' {
  interface FastifyRequest {
    user?: { id: number; sessionId: number };
    operator?: { id: number; sessionId: number; roles: string[] };
  }
}

/**
 * The services modules publish to each other, by name. The platform knows only its own WebSocket
 * door; each module adds the services it publishes to this interface (declaration merging) in its
 * *.module.ts, so `ctx.services.ledger` has the ledger's own type wherever it is read, with no cast.
 */
export interface ServiceRegistry {
  /** The one `/ws` socket; modules attach their channels to it. */
  rootSocket: RootSocket;
}

/** A registry being filled: a module registers after those it needs (modules/index.ts). */
export type Services = Partial<ServiceRegistry>;

/**
 * What the platform hands to every module. Modules add their services to `services` in start-up
 * order (see app.ts), so a later module can use an earlier one's service interface, never its tables.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  log: Logger;
  sessions: SessionStore;
  mailer: Mailer;
  sms: SmsSender;
  outbox: DevOutbox;
  storage: FileStorage;
  guards: {
    /** Requires a signed-in user (401 otherwise) and sets request.user. */
    user: PreHandler;
    /** Requires a signed-in operator with one of the roles (super_admin always passes). */
    operator: (...roles: string[]) => PreHandler;
  };
  services: Services;
}

/** Reads a service another module registered; fails loudly at start-up if the order is wrong. */
export function service<K extends keyof ServiceRegistry>(
  ctx: { services: Services },
  name: K,
): NonNullable<Services[K]> {
  const s = ctx.services[name];
  if (!s)
    throw new Error(`service "${String(name)}" is not registered yet; check the module order in modules/index.ts`);
  return s;
}
