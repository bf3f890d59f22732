import { ApiError } from '../../../lib/api.ts';

/** The server said there is no such item (or it is not published). */
export const isNotFound = (err: unknown): boolean => err instanceof ApiError && err.status === 404;
