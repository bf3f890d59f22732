import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/** Thrown by the validator compiler; the error handler turns its first issue into a localized 400. */
export class RequestValidationError extends Error {
  readonly issues: z.core.$ZodIssue[];
  readonly part: string;
  constructor(issues: z.core.$ZodIssue[], part: string) {
    super('request validation failed');
    this.issues = issues;
    this.part = part;
  }
}

/** Route schemas are zod schemas; a failed parse never reaches the handler. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
  };
