import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';

/**
 * Who a guard lets through. Guards are plain pre-handlers; the platform labels each one it hands
 * out so that the route table can say, for every route, who may call it. The tests that prove
 * "every route validates its input" and "no caller reaches what is not theirs" are generated from
 * this table, so a new route is covered the moment it is registered.
 */
export type GuardInfo = { kind: 'user' } | { kind: 'operator'; roles: readonly string[] };

const guardInfo = new WeakMap<object, GuardInfo>();

/** Labels a guard (see GuardInfo); returns it unchanged. */
export function labelGuard<G extends object>(guard: G, info: GuardInfo): G {
  guardInfo.set(guard, info);
  return guard;
}

export interface RouteEntry {
  method: string;
  url: string;
  /** The zod schemas the route validates, by request part. */
  schemas: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
  /** The labelled guards in front of the route (none: public). */
  guards: GuardInfo[];
}

/**
 * Records every route registered after this call (Fastify's onRoute hook), and runs each route's
 * labelled guards before its body is validated rather than after (Fastify's preHandler comes after
 * validation): a caller who may not use a route learns "sign in" or "not allowed", never how its
 * body is checked, and a refusal by the guard is a refusal whatever the body holds.
 */
export function collectRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as RouteEntry['schemas'];
    const pre =
      route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    const guards = pre.map((h) => guardInfo.get(h)).filter((g): g is GuardInfo => g !== undefined);
    if (guards.length) {
      const validation =
        route.preValidation === undefined
          ? []
          : Array.isArray(route.preValidation)
            ? route.preValidation
            : [route.preValidation];
      route.preValidation = [...pre.filter((h) => guardInfo.has(h)), ...validation] as RouteOptions['preValidation'];
      route.preHandler = pre.filter((h) => !guardInfo.has(h)) as RouteOptions['preHandler'];
    }
    for (const method of methods) {
      if (method === 'HEAD') continue; // Fastify's automatic twin of a GET
      routes.push({
        method,
        url: route.url,
        schemas: { body: schema.body, querystring: schema.querystring, params: schema.params },
        guards,
      });
    }
  });
  return routes;
}
