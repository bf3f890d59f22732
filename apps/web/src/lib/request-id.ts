/**
 * The requestId of a money command (DESIGN.md §1.3): created once per submission and reused when
 * the same submission is sent again, so a double tap or a retry after a lost answer is applied once
 * by the server. A different body gets a fresh id (the server answers 409 to an id reused with
 * another body). After a definite answer the next submission starts afresh.
 */
export interface PendingRequest {
  /** the submission's body, serialised: equal bodies are the same submission */
  key: string;
  id: string;
}

/** The id to send for `body`: the pending one when it is the same submission, else a new one. */
export function nextRequest(pending: PendingRequest | null, body: unknown, newId: () => string): PendingRequest {
  const key = JSON.stringify(body);
  if (pending && pending.key === key) return pending;
  return { key, id: newId() };
}

/**
 * What stays pending after an attempt: a definite answer (success or a refusal, which changed
 * nothing on the server) ends the submission; an unknown outcome (no answer) keeps the id so the
 * retry cannot apply the command twice.
 */
export function afterAttempt(pending: PendingRequest | null, outcome: 'answered' | 'unknown'): PendingRequest | null {
  return outcome === 'unknown' ? pending : null;
}
