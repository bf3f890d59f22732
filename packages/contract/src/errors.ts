/**
 * Stable error keys carried in the `error` field of an error envelope. Clients branch on these,
 * never on the localized message. Modules add their own keys next to their messages on the server.
 */
export const ErrorKey = {
  VALIDATION: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL',
} as const;

/** The response envelope of every `/api` call (DESIGN.md §4). */
export type Envelope<T> =
  | { code: 200; message: string; data: T }
  | { code: number; message: string; error: string; data: null; field?: string };
