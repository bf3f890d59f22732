import { describe, expect, it } from 'vitest';
import { afterAttempt, nextRequest } from './request-id.ts';

describe('requestId per submission', () => {
  let n = 0;
  const newId = () => `id-${++n}`;

  it('reuses the id for the same submission (double tap, retry after no answer)', () => {
    const first = nextRequest(null, { amount: '10', currency: 'USDT' }, newId);
    const again = nextRequest(first, { amount: '10', currency: 'USDT' }, newId);
    expect(again.id).toBe(first.id);
    const kept = afterAttempt(first, 'unknown');
    expect(nextRequest(kept, { amount: '10', currency: 'USDT' }, newId).id).toBe(first.id);
  });

  it('gives a changed body a fresh id (the server refuses a reused id with another body)', () => {
    const first = nextRequest(null, { amount: '10' }, newId);
    expect(nextRequest(first, { amount: '11' }, newId).id).not.toBe(first.id);
  });

  it('starts afresh after a definite answer, even for the same body', () => {
    const first = nextRequest(null, { amount: '10' }, newId);
    const done = afterAttempt(first, 'answered');
    expect(done).toBeNull();
    expect(nextRequest(done, { amount: '10' }, newId).id).not.toBe(first.id);
  });
});
