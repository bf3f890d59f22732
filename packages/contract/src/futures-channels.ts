/**
 * The futures channels on `/ws` that belong to the signed-in user (keyed per user by the server, subscribed with the
 * session token). Kept apart from `futures.ts` and its zod schemas: the web app's socket client needs this list on
 * every screen, and importing the schemas would put zod in every first load (load budgets).
 */
export const FUTURES_USER_CHANNELS = [
  'futures.positions',
  'futures.orders',
  'futures.account',
  'futures.alerts',
] as const;
