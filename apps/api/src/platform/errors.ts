import type { ErrorCode } from '@sentiero/contract/errors';

/**
 * What was wrong with one input, a key of the `field` messages (`invalid`, `required`,
 * `wrongPassword`…); the error handler turns it into a message in the request language.
 */
export type FieldProblem = string;

/**
 * An error meant for people: the code picks the translated message, `fields` name what
 * was wrong with which input. Anything else that reaches the error handler is a 500.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, FieldProblem> | undefined;
  /** Sent as `Retry-After`: when a refusal for being busy (503) is worth trying again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    status: number,
    fields?: Record<string, FieldProblem>,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(code);
    this.code = code;
    this.status = status;
    this.fields = fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = () => new AppError('NOT_FOUND', 404);
