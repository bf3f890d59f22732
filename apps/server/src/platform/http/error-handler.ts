import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorKey } from '@tidemark/contract';
import { hasMessage, t } from '../i18n/messages.ts';
import { AppError } from './app-error.ts';
import { RequestValidationError } from './validation.ts';

type Issue = RequestValidationError['issues'][number];

/** Maps every failure to the envelope of DESIGN.md §4 with a message in the request's language. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestValidationError) {
      const issue = error.issues[0];
      const { messageKey, params, field } = describeIssue(issue);
      return sendError(
        reply,
        request,
        400,
        ErrorKey.VALIDATION,
        messageKey,
        { ...params, field: fieldLabel(request, field) },
        field,
      );
    }
    if (error instanceof AppError) {
      // a message about a field may name it ({field}) without every caller having to pass the label
      const params = error.field ? { field: fieldLabel(request, error.field), ...error.params } : error.params;
      return sendError(reply, request, error.status, error.errorKey, error.messageKey, params, error.field);
    }
    if (isDataException(error)) {
      // The database refused a value (out of range, not representable): the input rules should have
      // caught it first, so it is logged, but it is the client's value, not a fault of the server.
      request.log.warn({ err: error }, 'the database refused a value of the request');
      return sendError(reply, request, 400, ErrorKey.VALIDATION, 'validation.outOfRange');
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
    ) {
      return sendError(reply, request, 400, ErrorKey.VALIDATION, 'validation.body');
    }
    if (error.statusCode === 429) {
      const seconds = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60)));
      return sendError(reply, request, 429, ErrorKey.RATE_LIMITED, 'error.rateLimited', { seconds });
    }
    if (
      error.statusCode === 413 ||
      error.code === 'FST_REQ_FILE_TOO_LARGE' ||
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
    ) {
      return sendError(reply, request, 413, 'PAYLOAD_TOO_LARGE', 'error.payloadTooLarge');
    }
    if (error.statusCode === 404) return sendError(reply, request, 404, ErrorKey.NOT_FOUND, 'error.notFound');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, request, error.statusCode, ErrorKey.VALIDATION, 'validation.body');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, 500, ErrorKey.INTERNAL, 'error.internal');
  });
}

/** The field's localized label when the messages have one ("field.email"), else its name. */
function fieldLabel(request: FastifyRequest, field: string | undefined): string {
  if (!field) return '';
  return hasMessage(`field.${field}`) ? t(request.locale, `field.${field}`) : field;
}

/**
 * PostgreSQL's class 22 "data exception" (a number out of range, a character the encoding cannot
 * hold, an invalid date…), found on the error or the error it wraps (the ORM wraps the driver's).
 */
function isDataException(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  errorKey: string,
  messageKey: string,
  params?: Record<string, string | number>,
  field?: string,
) {
  reply.skipEnvelope = true;
  const body: Record<string, unknown> = {
    code: status,
    message: t(request.locale, messageKey, params),
    error: errorKey,
    data: null,
  };
  if (field) body.field = field;
  return reply.status(status).type('application/json').send(JSON.stringify(body));
}

function describeIssue(issue: Issue | undefined): {
  messageKey: string;
  params: Record<string, string | number>;
  field: string | undefined;
} {
  if (!issue) return { messageKey: 'validation.body', params: {}, field: undefined };
  const field = issue.path.length ? issue.path.map(String).join('.') : undefined;
  const described = describeByCode(issue, field);
  // A schema may name its own message key (e.g. the spec's password-mismatch message); the bound
  // the issue carries ({min}, {max}) still fills its placeholders.
  if (issue.message && hasMessage(issue.message)) return { ...described, messageKey: issue.message };
  return described;
}

function describeByCode(
  issue: Issue,
  field: string | undefined,
): { messageKey: string; params: Record<string, string | number>; field: string | undefined } {
  switch (issue.code) {
    case 'invalid_type':
      return {
        messageKey: issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid',
        params: {},
        field,
      };
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? { messageKey: 'validation.required', params: {}, field }
          : { messageKey: 'validation.tooShort', params: { min: Number(issue.minimum) }, field };
      }
      return { messageKey: 'validation.tooSmall', params: { min: String(issue.minimum) }, field };
    case 'too_big':
      if (issue.origin === 'string')
        return { messageKey: 'validation.tooLong', params: { max: Number(issue.maximum) }, field };
      return { messageKey: 'validation.tooBig', params: { max: String(issue.maximum) }, field };
    case 'unrecognized_keys':
      return { messageKey: 'validation.unknownField', params: {}, field: issue.keys[0] ?? field };
    default:
      return { messageKey: 'validation.invalid', params: {}, field };
  }
}
