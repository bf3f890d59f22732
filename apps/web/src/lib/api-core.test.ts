import { describe, expect, it } from 'vitest';
import { ApiError, networkFailure, requestHeaders, unwrapEnvelope } from './api-core.ts';

const FALLBACK = 'Request failed';

describe('unwrapEnvelope', () => {
  it('returns data of a successful envelope', () => {
    expect(unwrapEnvelope(200, { code: 200, message: 'ok', data: { a: 1 } }, FALLBACK)).toEqual({
      ok: true,
      data: { a: 1 },
    });
    expect(unwrapEnvelope(200, { code: 200, message: 'ok', data: null }, FALLBACK)).toEqual({ ok: true, data: null });
  });

  it('turns an error envelope into an ApiError with the server message and field', () => {
    const r = unwrapEnvelope(
      400,
      { code: 400, message: 'Email is empty', error: 'VALIDATION', data: null, field: 'email' },
      FALLBACK,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(ApiError);
    expect(r.error).toMatchObject({
      status: 400,
      code: 400,
      error: 'VALIDATION',
      message: 'Email is empty',
      field: 'email',
      kind: 'server',
    });
  });

  it('classifies a 401 by status or by envelope code as an ended session', () => {
    const byStatus = unwrapEnvelope(401, { code: 401, message: 'x', error: 'UNAUTHORIZED', data: null }, FALLBACK);
    const byCode = unwrapEnvelope(200, { code: 401, message: 'x', error: 'UNAUTHORIZED', data: null }, FALLBACK);
    const noBody = unwrapEnvelope(401, undefined, FALLBACK);
    for (const r of [byStatus, byCode, noBody]) expect(!r.ok && r.error.kind).toBe('unauthorized');
  });

  it('does not trust code 200 on a failing HTTP status', () => {
    const r = unwrapEnvelope(500, { code: 200, message: 'ok', data: 1 }, FALLBACK);
    expect(!r.ok && r.error.code).toBe(500);
  });

  it('treats a non-envelope answer from a gateway as a network failure, other statuses as server errors', () => {
    const gateway = unwrapEnvelope(502, undefined, FALLBACK);
    expect(!gateway.ok && gateway.error).toMatchObject({ kind: 'network', message: FALLBACK, error: 'BAD_RESPONSE' });
    const notFound = unwrapEnvelope(404, '<html>', FALLBACK);
    expect(!notFound.ok && notFound.error).toMatchObject({ kind: 'server', code: 404, error: 'HTTP_404' });
  });

  it('falls back to the generic message when the server gave none', () => {
    const r = unwrapEnvelope(409, { code: 409, message: '', data: null }, FALLBACK);
    expect(!r.ok && r.error).toMatchObject({ message: FALLBACK, error: 'HTTP_409' });
  });
});

describe('networkFailure', () => {
  it('names timeouts apart from other failures', () => {
    expect(networkFailure(new DOMException('t', 'TimeoutError'), FALLBACK)).toMatchObject({
      error: 'TIMEOUT',
      kind: 'network',
      status: 0,
    });
    expect(networkFailure(new TypeError('fetch failed'), FALLBACK)).toMatchObject({
      error: 'NETWORK',
      kind: 'network',
    });
  });
});

describe('requestHeaders', () => {
  it('always sends the locale and the token only when there is one', () => {
    expect(requestHeaders('de', null, true)).toEqual({ locale: 'de', 'content-type': 'application/json' });
    expect(requestHeaders('fr', 'tok', false)).toEqual({ locale: 'fr', authorization: 'tok' });
  });
});
