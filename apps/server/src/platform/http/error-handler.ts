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
      const fieldLabel = field && hasMessage(`field.${field}`) ? t(request.locale, `field.${field}`) : field;
      return sendError(
        reply,
        request,
        400,
        ErrorKey.VALIDATION,
        messageKey,
        { ...params, field: fieldLabel ?? '' },
        field,
      );
    }
    if (error instanceof AppError) {
      return sendError(reply, request, error.status, error.errorKey, error.messageKey, error.params, error.field);
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
  // A schema may name its own message key (e.g. the spec's password-mismatch message).
  if (issue.message && hasMessage(issue.message)) return { messageKey: issue.message, params: {}, field };
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
