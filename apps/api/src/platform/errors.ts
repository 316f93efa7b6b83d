import type { ErrorCode } from '@sentiero/contract/errors';

/**
 * An error meant for people: the code picks the translated message, `fields` name what
 * was wrong with which input. Anything else that reaches the error handler is a 500.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, status: number, fields?: Record<string, string>) {
    super(code);
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

export const notFound = () => new AppError('NOT_FOUND', 404);
