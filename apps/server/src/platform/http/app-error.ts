import { ErrorKey } from '@tidemark/contract';

/**
 * An error the client is meant to see: an HTTP status, a stable `error` key and the key of a
 * localized message (with its placeholders). Anything else thrown becomes a 500 with no details.
 */
export class AppError extends Error {
  readonly status: number;
  readonly errorKey: string;
  readonly messageKey: string;
  readonly params: Record<string, string | number> | undefined;
  readonly field: string | undefined;

  constructor(
    status: number,
    errorKey: string,
    messageKey: string,
    params?: Record<string, string | number>,
    field?: string,
  ) {
    super(`${errorKey}: ${messageKey}`);
    this.status = status;
    this.errorKey = errorKey;
    this.messageKey = messageKey;
    this.params = params;
    this.field = field;
  }
}

export const badRequest = (
  errorKey: string,
  messageKey: string,
  params?: Record<string, string | number>,
  field?: string,
) => new AppError(400, errorKey, messageKey, params, field);
export const unauthorized = () => new AppError(401, ErrorKey.UNAUTHORIZED, 'error.unauthorized');
export const forbidden = (messageKey = 'error.forbidden') => new AppError(403, ErrorKey.FORBIDDEN, messageKey);
export const notFound = (messageKey = 'error.notFound') => new AppError(404, ErrorKey.NOT_FOUND, messageKey);
export const conflict = (errorKey: string = ErrorKey.CONFLICT, messageKey = 'error.conflict') =>
  new AppError(409, errorKey, messageKey);
