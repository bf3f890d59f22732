import { z } from 'zod';

/**
 * Bounded numbers for request bodies. JSON numbers arrive as doubles: without both bounds a value
 * such as 1e300 or -1 reaches a query (an OFFSET, a timestamp, an integer column) and the database
 * refuses it with an error instead of the client getting a clear 400. A test walks every route's
 * schema and fails on a number without a minimum and a maximum.
 */

/** A row id: a positive integer JavaScript and the bigint columns both hold exactly. */
export const idField = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A page number of a paged list (an offset of at most 100,000 pages). */
export const pageField = z.number().int().min(1).max(100_000).default(1);

/** Rows per page of a paged list: 20 unless asked, at most 100. */
export const pageSizeField = z.number().int().min(1).max(100).default(20);

/** An instant in epoch milliseconds, from 1970 to the end of year 9999 (what a timestamp column holds). */
export const MAX_EPOCH_MS = 253_402_300_799_999;
export const epochMsField = z.number().int().min(0).max(MAX_EPOCH_MS);

/** An integer between two bounds (a size, a sort key, a count). */
export const intBetween = (min: number, max: number) => z.number().int().min(min).max(max);
