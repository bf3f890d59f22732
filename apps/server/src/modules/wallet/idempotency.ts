import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { conflict } from '../../platform/http/app-error.ts';
import { idempotencyKeys } from './ledger.schema.ts';
import type { LedgerService } from './ledger.service.ts';

/**
 * Runs a money command once per (user, requestId), in ONE database transaction with the command:
 * the key row is inserted first, so a concurrent duplicate waits on the primary key until the first
 * commits and then reads its stored result; the same id with another command or body is a 409.
 * A command that fails rolls its key back with it, so retrying a refused request runs it again
 * (a refusal changed nothing).
 */
export async function runOnce<T>(
  ledger: LedgerService,
  userId: number,
  requestId: string,
  command: string,
  body: unknown,
  run: (tx: Db) => Promise<T>,
): Promise<T> {
  const bodyHash = hashBody(command, body);
  return ledger.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ userId, requestId, command, bodyHash })
      .onConflictDoNothing()
      .returning({ requestId: idempotencyKeys.requestId });
    const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.requestId, requestId));
    if (!inserted.length) {
      const [first] = await tx.select().from(idempotencyKeys).where(where);
      if (!first || first.bodyHash !== bodyHash) throw conflict('REQUEST_ID_REUSED', 'wallet.requestIdReused');
      return first.result as T;
    }
    const result = await run(tx);
    await tx
      .update(idempotencyKeys)
      .set({ result: result as object })
      .where(where);
    return result;
  });
}

/**
 * The stored result of an earlier run of this request, if any (409 if the id was used for another
 * body). Called before checks that cannot be repeated — a one-time code is spent by the first run,
 * so its retry must be answered from here.
 */
export async function earlierResult<T>(
  db: Db,
  userId: number,
  requestId: string,
  command: string,
  body: unknown,
): Promise<{ result: T } | null> {
  const [first] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.requestId, requestId)));
  if (!first) return null;
  if (first.bodyHash !== hashBody(command, body)) throw conflict('REQUEST_ID_REUSED', 'wallet.requestIdReused');
  return { result: first.result as T };
}

/** A hash of the command and its body (keys sorted; secrets such as passwords and codes left out). */
export function hashBody(command: string, body: unknown): string {
  return crypto.hash('sha256', `${command}\n${stableJson(body)}`);
}

const SECRET_FIELDS = new Set(['requestId', 'fundPassword', 'code', 'totpCode']);
function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([k, x]) => !SECRET_FIELDS.has(k) && x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${stableJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}
